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
# are used as given). The tool is the mote_cli target of this build; when it does not exist (cross builds),
# set MOTE_EXECUTABLE to a host `mote`. TARGET must be defined in the directory that calls this function
# (CMake attaches custom-command outputs per directory).
function(mote_generate_resolver target model header name)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "mote_generate_resolver: '${target}' is not a target")
  endif()
  if(TARGET mote_cli)
    set(tool mote_cli)
  elseif(MOTE_EXECUTABLE)
    set(tool "${MOTE_EXECUTABLE}")
  else()
    message(FATAL_ERROR "mote_generate_resolver: no mote_cli target; set MOTE_EXECUTABLE to a host mote binary")
  endif()
  get_filename_component(model_path "${model}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(header_path "${header}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  get_filename_component(header_dir "${header_path}" DIRECTORY)
  add_custom_command(
    OUTPUT "${header_path}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${header_dir}"
    COMMAND ${tool} gen-resolver "${model_path}" -o "${header_path}" --name "${name}"
    DEPENDS ${tool} "${model_path}"
    COMMENT "mote gen-resolver: ${model} -> ${header}"
    VERBATIM)
  target_sources(${target} PRIVATE "${header_path}")
  target_include_directories(${target} PRIVATE "${header_dir}")
endfunction()
