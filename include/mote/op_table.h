// THE op table: the single source of truth for the builtin operators mote implements.
//
// One line per op:  X(CODE, AddName, Parser, max_version)
//   CODE         the schema's BuiltinOperator name (BuiltinOperator_CODE, kernel kRegistration_CODE,
//                factory Register_CODE())
//   AddName      MicroMutableOpResolver::Add<AddName>()
//   Parser       the builtin-options parser (mote::Parse<...>) that fills node->builtin_data; ParseNoOptions
//                for ops without options, one parser for ops that share an options table (ParsePool)
//   max_version  highest op version the kernel implements (resolvers accept 1..max_version by default)
//
// Expanded (X-macros) into: the kRegistration_/Register_ declarations (op_registrations.h), the registrations'
// definitions (kernels/glue/registration.h), MicroMutableOpResolver's AddXxx methods, the all-ops resolver's
// constant table, the TFLM-named factories, `mote inspect` and `mote gen-resolver`.
//
// An op's kernel lives in src/kernels/<code in lower case>/ (conv_2d/), unless it shares its kernel or most of
// its glue with other ops: then they share one folder named for what they have in common, one line each here:
//   activations/   RELU, RELU6
//   arg_min_max/   ARG_MAX, ARG_MIN
//   batch_space/   SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND
//   comparisons/   EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL
//   control_flow/  IF, WHILE, CALL_ONCE (subgraph calls, kernels/glue/subgraph_io.h)
//   concatenation/ CONCATENATION, PACK (one interleaving copy)
//   elementwise/   ABS, COS, LOG, LOGICAL_NOT, RSQRT, SIN, SQRT, SQUARE (TFLM's elementwise.cc; one glue file each)
//   fill/          FILL, ZEROS_LIKE
//   logical/       LOGICAL_AND, LOGICAL_OR
//   pad/           PAD, PADV2
//   pooling/       AVERAGE_POOL_2D, MAX_POOL_2D, L2_POOL_2D
//   reduce/        MEAN, SUM, REDUCE_MAX, REDUCE_MIN, REDUCE_ALL
//   resource_variables/ VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE (mote/micro_resource_variable.h)
//   reshape/       RESHAPE, SQUEEZE, EXPAND_DIMS (the input's bytes under another shape)
//   resize/        RESIZE_BILINEAR, RESIZE_NEAREST_NEIGHBOR
//   shape/         SHAPE, BROADCAST_ARGS (arithmetic on shapes)
//   space_depth/   SPACE_TO_DEPTH, DEPTH_TO_SPACE
//   split/         SPLIT, SPLIT_V, UNPACK (CONCATENATION's inverse)
//   strided_slice/ STRIDED_SLICE, SLICE, BROADCAST_TO (one strided-box copy)
// The other folders of src/kernels/ are not ops: dispatch/ (variant tables), simd/ (ISA building blocks),
// quantization/ (quantized arithmetic), glue/ (glue shared by several ops).
#ifndef MOTE_OP_TABLE_H_
#define MOTE_OP_TABLE_H_

#define MOTE_BUILTIN_OPS(X)                                                        \
  X(ABS, Abs, ParseNoOptions, 5)                                                   \
  X(ADD, Add, ParseAdd, 5)                                                         \
  X(ADD_N, AddN, ParseNoOptions, 1)                                                \
  X(ARG_MAX, ArgMax, ParseArgMax, 2)                                               \
  X(ARG_MIN, ArgMin, ParseArgMin, 2)                                               \
  X(ASSIGN_VARIABLE, AssignVariable, ParseNoOptions, 1)                            \
  X(AVERAGE_POOL_2D, AveragePool2D, ParsePool, 3)                                  \
  X(BATCH_MATMUL, BatchMatMul, ParseBatchMatMul, 3)                                \
  X(BATCH_TO_SPACE_ND, BatchToSpaceNd, ParseNoOptions, 3)                          \
  X(BROADCAST_ARGS, BroadcastArgs, ParseNoOptions, 1)                              \
  X(BROADCAST_TO, BroadcastTo, ParseNoOptions, 3)                                  \
  X(CALL_ONCE, CallOnce, ParseCallOnce, 1)                                         \
  X(CAST, Cast, ParseCast, 3)                                                      \
  X(CEIL, Ceil, ParseNoOptions, 1)                                                 \
  X(CONCATENATION, Concatenation, ParseConcatenation, 4)                           \
  X(CONV_2D, Conv2D, ParseConv2D, 8)                                               \
  X(COS, Cos, ParseNoOptions, 1)                                                   \
  X(CUMSUM, CumSum, ParseCumsum, 1)                                                \
  X(DEPTHWISE_CONV_2D, DepthwiseConv2D, ParseDepthwiseConv2D, 7)                   \
  X(DEPTH_TO_SPACE, DepthToSpace, ParseDepthToSpace, 2)                            \
  X(DEQUANTIZE, Dequantize, ParseNoOptions, 6)                                     \
  X(DIV, Div, ParseDiv, 2)                                                         \
  X(DYNAMIC_UPDATE_SLICE, DynamicUpdateSlice, ParseNoOptions, 4)                   \
  X(ELU, Elu, ParseNoOptions, 1)                                                   \
  X(EMBEDDING_LOOKUP, EmbeddingLookup, ParseNoOptions, 4)                          \
  X(EQUAL, Equal, ParseNoOptions, 4)                                               \
  X(EXP, Exp, ParseNoOptions, 2)                                                   \
  X(EXPAND_DIMS, ExpandDims, ParseNoOptions, 1)                                    \
  X(FILL, Fill, ParseNoOptions, 3)                                                 \
  X(FLOOR, Floor, ParseNoOptions, 1)                                               \
  X(FLOOR_DIV, FloorDiv, ParseNoOptions, 2)                                        \
  X(FLOOR_MOD, FloorMod, ParseNoOptions, 1)                                        \
  X(FULLY_CONNECTED, FullyConnected, ParseFullyConnected, 13)                      \
  X(GATHER, Gather, ParseGather, 5)                                                \
  X(GATHER_ND, GatherNd, ParseNoOptions, 1)                                        \
  X(GREATER, Greater, ParseNoOptions, 2)                                           \
  X(GREATER_EQUAL, GreaterEqual, ParseNoOptions, 2)                                \
  X(HARD_SWISH, HardSwish, ParseNoOptions, 1)                                      \
  X(IF, If, ParseIf, 1)                                                            \
  X(L2_NORMALIZATION, L2Normalization, ParseL2Normalization, 2)                    \
  X(L2_POOL_2D, L2Pool2D, ParsePool, 1)                                            \
  X(LEAKY_RELU, LeakyRelu, ParseLeakyRelu, 2)                                      \
  X(LESS, Less, ParseNoOptions, 2)                                                 \
  X(LESS_EQUAL, LessEqual, ParseNoOptions, 2)                                      \
  X(LOG, Log, ParseNoOptions, 2)                                                   \
  X(LOGICAL_AND, LogicalAnd, ParseNoOptions, 1)                                    \
  X(LOGICAL_NOT, LogicalNot, ParseNoOptions, 1)                                    \
  X(LOGICAL_OR, LogicalOr, ParseNoOptions, 1)                                      \
  X(LOGISTIC, Logistic, ParseNoOptions, 3)                                         \
  X(LOG_SOFTMAX, LogSoftmax, ParseNoOptions, 2)                                    \
  X(MAXIMUM, Maximum, ParseNoOptions, 4)                                           \
  X(MAX_POOL_2D, MaxPool2D, ParsePool, 3)                                          \
  X(MEAN, Mean, ParseReducer, 3)                                                   \
  X(MINIMUM, Minimum, ParseNoOptions, 4)                                           \
  X(MIRROR_PAD, MirrorPad, ParseMirrorPad, 2)                                      \
  X(MUL, Mul, ParseMul, 7)                                                         \
  X(NEG, Neg, ParseNoOptions, 1)                                                   \
  X(NOT_EQUAL, NotEqual, ParseNoOptions, 3)                                        \
  X(PACK, Pack, ParsePack, 3)                                                      \
  X(PAD, Pad, ParseNoOptions, 4)                                                   \
  X(PADV2, PadV2, ParseNoOptions, 4)                                               \
  X(PRELU, Prelu, ParseNoOptions, 1)                                               \
  X(QUANTIZE, Quantize, ParseNoOptions, 3)                                         \
  X(READ_VARIABLE, ReadVariable, ParseNoOptions, 1)                                \
  X(REDUCE_ALL, ReduceAll, ParseReduceAll, 1)                                      \
  X(REDUCE_MAX, ReduceMax, ParseReduceMax, 2)                                      \
  X(REDUCE_MIN, ReduceMin, ParseReduceMin, 2)                                      \
  X(RELU, Relu, ParseNoOptions, 3)                                                 \
  X(RELU6, Relu6, ParseNoOptions, 3)                                               \
  X(RESHAPE, Reshape, ParseReshape, 2)                                             \
  X(RESIZE_BILINEAR, ResizeBilinear, ParseResizeBilinear, 3)                       \
  X(RESIZE_NEAREST_NEIGHBOR, ResizeNearestNeighbor, ParseResizeNearestNeighbor, 4) \
  X(REVERSE_V2, ReverseV2, ParseNoOptions, 3)                                      \
  X(ROUND, Round, ParseNoOptions, 1)                                               \
  X(RSQRT, Rsqrt, ParseNoOptions, 3)                                               \
  X(SELECT_V2, SelectV2, ParseNoOptions, 2)                                        \
  X(SHAPE, Shape, ParseShape, 1)                                                   \
  X(SIN, Sin, ParseNoOptions, 1)                                                   \
  X(SLICE, Slice, ParseNoOptions, 5)                                               \
  X(SOFTMAX, Softmax, ParseSoftmax, 3)                                             \
  X(SPACE_TO_BATCH_ND, SpaceToBatchNd, ParseNoOptions, 3)                          \
  X(SPACE_TO_DEPTH, SpaceToDepth, ParseSpaceToDepth, 2)                            \
  X(SPLIT, Split, ParseSplit, 4)                                                   \
  X(SPLIT_V, SplitV, ParseSplitV, 2)                                               \
  X(SQRT, Sqrt, ParseNoOptions, 1)                                                 \
  X(SQUARE, Square, ParseNoOptions, 1)                                             \
  X(SQUARED_DIFFERENCE, SquaredDifference, ParseNoOptions, 2)                      \
  X(SQUEEZE, Squeeze, ParseSqueeze, 1)                                             \
  X(STRIDED_SLICE, StridedSlice, ParseStridedSlice, 8)                             \
  X(SUB, Sub, ParseSub, 5)                                                         \
  X(SUM, Sum, ParseSum, 2)                                                         \
  X(SVDF, Svdf, ParseSvdf, 4)                                                      \
  X(TANH, Tanh, ParseNoOptions, 3)                                                 \
  X(TRANSPOSE, Transpose, ParseNoOptions, 5)                                       \
  X(TRANSPOSE_CONV, TransposeConv, ParseTransposeConv, 5)                          \
  X(UNIDIRECTIONAL_SEQUENCE_LSTM, UnidirectionalSequenceLSTM, ParseUnidirectionalSequenceLstm, 5) \
  X(UNPACK, Unpack, ParseUnpack, 4)                                                \
  X(VAR_HANDLE, VarHandle, ParseVarHandle, 1)                                      \
  X(WHILE, While, ParseWhile, 1)                                                   \
  X(ZEROS_LIKE, ZerosLike, ParseNoOptions, 1)

// Type-specialised registrations (TFLM's Register_CONV_2D_INT8() style): X(CODE, TYPE_SUFFIX) is
// kRegistration_CODE_TYPE_SUFFIX, generated in the op's glue from its kernel functions
// (kernels/glue/registration.h): the generic kernel restricted to that input type (prepare refuses others,
// naming the generic AddXxx() registration), so that an image linking only it drops the other types' paths
// (SVDF INT8 is still the generic kernel). gen-resolver picks them when every use of the op in a model has that
// input type.
#define MOTE_SPECIALIZED_OPS(X) \
  X(CONV_2D, INT8)              \
  X(CONV_2D, INT16)             \
  X(DEPTHWISE_CONV_2D, INT8)    \
  X(DEPTHWISE_CONV_2D, INT16)   \
  X(FULLY_CONNECTED, INT8)      \
  X(FULLY_CONNECTED, INT16)     \
  X(ADD, INT8)                  \
  X(AVERAGE_POOL_2D, INT8)      \
  X(MAX_POOL_2D, INT8)          \
  X(SOFTMAX, INT8)              \
  X(SVDF, INT8)                 \
  X(BATCH_MATMUL, INT8)         \
  X(BATCH_MATMUL, INT16)        \
  X(TRANSPOSE_CONV, INT8)       \
  X(UNIDIRECTIONAL_SEQUENCE_LSTM, INT8) \
  X(UNIDIRECTIONAL_SEQUENCE_LSTM, INT16)

// The custom ops TFLM ships kernels for and registers by name (MicroMutableOpResolver::AddDetectionPostprocess()
// calls AddCustom("TFLite_Detection_PostProcess", ...)). One line per op:  X(ID, "custom name", AddName)
//   ID        names the kernel kRegistration_ID and the factory Register_ID() (TFLM's Register_DETECTION_POSTPROCESS)
//   name      the model's custom_code, matched exactly (case-sensitive) by the resolvers
//   AddName   MicroMutableOpResolver::Add<AddName>()
// Expanded like the builtins (declarations, registrations, AddXxx methods, the all-ops and host resolvers,
// `mote inspect` / `gen-resolver`); they register every op version, as TFLM's AddCustom does. The kernel lives in
// src/kernels/<id in lower case>/ (detection_postprocess/), like a builtin's. Options come as
// the node's custom_initial_data (a FlexBuffers map, kernels/glue/flexbuffer_map.h), not through a parser.
//
// TFLM's signal library (signal/micro/kernels/, the audio front end) is the Signal* block, sorted by id; its
// kernels live in src/kernels/signal/<id in lower case>/.
#define MOTE_CUSTOM_OPS(X)                                                                                  \
  X(CIRCULAR_BUFFER, "CIRCULAR_BUFFER", CircularBuffer)                                                    \
  X(DECODE, "TFLM_DECODE", Decode)                                                                          \
  X(DETECTION_POSTPROCESS, "TFLite_Detection_PostProcess", DetectionPostprocess)                            \
  X(ETHOSU, "ethos-u", EthosU)                                                                              \
  X(DELAY, "SignalDelay", Delay)                                                                            \
  X(ENERGY, "SignalEnergy", Energy)                                                                         \
  X(FFT_AUTO_SCALE, "SignalFftAutoScale", FftAutoScale)                                                     \
  X(FILTER_BANK, "SignalFilterBank", FilterBank)                                                            \
  X(FILTER_BANK_LOG, "SignalFilterBankLog", FilterBankLog)                                                  \
  X(FILTER_BANK_SPECTRAL_SUBTRACTION, "SignalFilterBankSpectralSubtraction", FilterBankSpectralSubtraction) \
  X(FILTER_BANK_SQUARE_ROOT, "SignalFilterBankSquareRoot", FilterBankSquareRoot)                            \
  X(FRAMER, "SignalFramer", Framer)                                                                         \
  X(IRFFT, "SignalIrfft", Irfft)                                                                            \
  X(OVERLAP_ADD, "SignalOverlapAdd", OverlapAdd)                                                            \
  X(PCAN, "SignalPCAN", PCAN)                                                                               \
  X(RFFT, "SignalRfft", Rfft)                                                                               \
  X(STACKER, "SignalStacker", Stacker)                                                                      \
  X(WINDOW, "SignalWindow", Window)

// Type-specialised registrations of custom kernels, TFLM's names (tflm_signal::Register_RFFT_INT16()): one line
// X(ID, TYPE) declares kRegistration_ID_TYPE / Register_ID_TYPE(); the kernel's MOTE_KERNEL_<ID> is TEMPLATED.
#define MOTE_SPECIALIZED_CUSTOM_OPS(X) \
  X(IRFFT, FLOAT)                      \
  X(IRFFT, INT16)                      \
  X(IRFFT, INT32)                      \
  X(OVERLAP_ADD, FLOAT)                \
  X(OVERLAP_ADD, INT16)                \
  X(RFFT, FLOAT)                       \
  X(RFFT, INT16)                       \
  X(RFFT, INT32)

#endif  // MOTE_OP_TABLE_H_
