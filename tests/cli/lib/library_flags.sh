# Sourced by the install tests: sets cxx, cxxflags, ldflags to the compiler and flags the library in $build was
# built with (sanitizer builds need the same flags to link a program against it).
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
cxxflags=$(sed -n 's/^CMAKE_CXX_FLAGS:[A-Z]*=//p' "$build/CMakeCache.txt")
ldflags=$(sed -n 's/^CMAKE_EXE_LINKER_FLAGS:[A-Z]*=//p' "$build/CMakeCache.txt")
cxx=${cxx:-g++}
