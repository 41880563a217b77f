// The resource id a READ_VARIABLE or ASSIGN_VARIABLE node's input 0 carries, read once in prepare.
//
// VAR_HANDLE's prepare points its output at the id (TFLM's scheme), so by the time a later node of the same
// subgraph prepares, the id is there. An id tensor without data at prepare time comes from a subgraph input or
// another op: TFLM defers it to invoke and dereferences a null pointer there; mote refuses it. Kernels keep the
// id in their op data and never re-read the tensor (a tensor that changed at run time cannot make them index
// outside the variable table).
#ifndef MOTE_KERNELS_RESOURCE_VARIABLES_RESOURCE_ID_H_
#define MOTE_KERNELS_RESOURCE_VARIABLES_RESOURCE_ID_H_

#include "mote/c/common.h"
#include "mote/micro_resource_variable.h"

namespace mote {

// On success *variables is the interpreter's table and *id an index checked against it. Messages start with
// `op`: "READ_VARIABLE: input 0 must be a RESOURCE (or INT32) tensor of one element", "... input 0 is not
// produced by a VAR_HANDLE earlier in this subgraph", "... resource variable 7 does not exist".
TfLiteStatus PrepareResourceId(TfLiteContext* context, const TfLiteNode* node, const char* op,
                               MicroResourceVariables** variables, int32_t* id);

}  // namespace mote

#endif  // MOTE_KERNELS_RESOURCE_VARIABLES_RESOURCE_ID_H_
