# mote_generate_resolver(TARGET MODEL HEADER NAME)
#
# Generates, at build time, a C++ header registering exactly MODEL's ops (`mote gen-resolver MODEL -o HEADER
# --name NAME`) and makes TARGET depend on it: the header is regenerated whenever the model or the mote tool
# changes, and its directory is added to TARGET's include path.
#
#   add_executable(app main.cc)
#   mote_generate_resolver(app models/kws.tflite kws_resolver.h RegisterKwsOps)
#   // main.cc: #include "kws_resolver.h"  ...  ModelOpResolver resolver; RegisterKwsOps(resolver);
#
# MODEL is relative to the current source directory, HEADER to the current binary directory (absolute paths
# are used as given). The tool is, first found: the mote_cli target of mote's own build, MOTE_EXECUTABLE (a host
# `mote`, for cross builds), or the installed program mote::mote_cli that find_package(mote CONFIG) imports.
# TARGET must be defined in the directory that calls this function (CMake attaches custom-command outputs per
# directory).
function(mote_generate_resolver target model header name)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "mote_generate_resolver: '${target}' is not a target")
  endif()
  if(TARGET mote_cli)
    set(tool mote_cli)
    set(tool_file mote_cli)
  elseif(MOTE_EXECUTABLE)
    set(tool "${MOTE_EXECUTABLE}")
    set(tool_file "${MOTE_EXECUTABLE}")
  elseif(TARGET mote::mote_cli)
    set(tool mote::mote_cli)
    # An imported program is a file dependency: the header is regenerated when the installed mote changes.
    set(tool_file "$<TARGET_FILE:mote::mote_cli>")
  else()
    message(FATAL_ERROR "mote_generate_resolver: no mote program (mote_cli / mote::mote_cli); set MOTE_EXECUTABLE "
                        "to a host mote binary")
  endif()
  get_filename_component(model_path "${model}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(header_path "${header}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  get_filename_component(header_dir "${header_path}" DIRECTORY)
  add_custom_command(
    OUTPUT "${header_path}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${header_dir}"
    COMMAND ${tool} gen-resolver "${model_path}" -o "${header_path}" --name "${name}"
    DEPENDS "${tool_file}" "${model_path}"
    COMMENT "mote gen-resolver: ${model} -> ${header}"
    VERBATIM)
  target_sources(${target} PRIVATE "${header_path}")
  target_include_directories(${target} PRIVATE "${header_dir}")
endfunction()
