#ifndef TLXAMD_PYTHON_OPS_TD
#define TLXAMD_PYTHON_OPS_TD
include "tlxamd/Dialect/TlxAmd.td"
#endif
