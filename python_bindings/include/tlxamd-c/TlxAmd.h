/*===- TlxAmd.h - tlxamd C API -------------------------------------*- C
 * -*-===*/
#ifndef TLXAMD_C_TLXAMD_H
#define TLXAMD_C_TLXAMD_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Register tlxamd and the upstream dialects, interfaces and translations a
/// kernel uses.
MLIR_CAPI_EXPORTED void
mlirTlxamdRegisterDialects(MlirDialectRegistry registry);

/// Register tlxamd passes and pipelines and the upstream passes they use.
MLIR_CAPI_EXPORTED void mlirTlxamdRegisterPasses(void);

/// Parse `text` as a module in `context` like mlirModuleCreateParse, except
/// that an upstream `report_fatal_error` during parsing (the released parser
/// has such paths for some malformed input) does not end the process: its
/// message goes to `fatal` and a null module is returned.
MLIR_CAPI_EXPORTED MlirModule
mlirTlxamdParseModuleGuarded(MlirContext context, MlirStringRef text,
                             MlirStringCallback fatal, void *userData);

/// Where `text` first hits a known defect of the released MLIR parser (an
/// input it aborts on instead of reporting): 0 when it hits none, else the
/// 1-based line, and what the user is told goes to `callback`.
MLIR_CAPI_EXPORTED unsigned
mlirTlxamdFindParserDefect(MlirStringRef text, MlirStringCallback callback,
                           void *userData);

/// Translate the lowered kernels of `op` to LLVM IR for `target`; the text is
/// passed to `callback`. Diagnostics go to the context's handlers.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirTlxamdTranslateToLLVMIR(MlirOperation op, MlirStringRef target,
                            MlirStringCallback callback, void *userData);

/// The capability table (every target and what it has: vendor, warp size,
/// shared memory, direct-to-shared widths, packed atomics, cache-policy
/// encoding, AGPRs, the matrix instruction catalog, tensor memory,
/// clusters, triple, CPU, features) as a JSON array, passed to `callback`.
MLIR_CAPI_EXPORTED void
mlirTlxamdGetCapabilityTable(MlirStringCallback callback, void *userData);

/// The spellings of the ops' typed vocabulary as a JSON object:
/// {"cache_modifier": [".ca", ...], "sem": [...], "scope": [...],
///  "offset_unit": [...]}.
MLIR_CAPI_EXPORTED void mlirTlxamdGetVocabulary(MlirStringCallback callback,
                                                void *userData);

/// The preshuffled B layout of the Mojo PreshuffledBLoader reference for
/// `laneBytes` (16, 24, 32) as a JSON object {"lane_bytes", "num_planes",
/// "plane_starts", "plane_widths", "reg_bytes", "tile_k_bytes", "tile_bytes"};
/// false for another width.
MLIR_CAPI_EXPORTED bool
mlirTlxamdGetPreshuffleLayout(int64_t laneBytes, MlirStringCallback callback,
                              void *userData);

/// Where each logical byte (n, k) of an [n, kBytes] matrix is stored in its
/// preshuffled form, row-major into `offsets` (n * kBytes entries). On a
/// shape that does not tile, false and the reason through `callback`.
MLIR_CAPI_EXPORTED bool
mlirTlxamdGetPreshuffleOffsets(int64_t laneBytes, int64_t n, int64_t kBytes,
                               int64_t *offsets, MlirStringCallback callback,
                               void *userData);

//===----------------------------------------------------------------------===//
// !tlxamd.ptr<T, addrspace>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsATlxamdPtrType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirTlxamdPtrTypeGetTypeID(void);
/// Returns a null type when the pointee is not a byte-sized int/float scalar.
MLIR_CAPI_EXPORTED MlirType mlirTlxamdPtrTypeGet(MlirType pointee,
                                                 unsigned addressSpace);
MLIR_CAPI_EXPORTED MlirType mlirTlxamdPtrTypeGetPointeeType(MlirType type);
MLIR_CAPI_EXPORTED unsigned mlirTlxamdPtrTypeGetAddressSpace(MlirType type);

/// The type of tlxamd.reshape of a tensor of type `src` to `shape`: the
/// inferred layout (none for a layout-free source). Null when `src` is not
/// a tlxamd tensor or `shape` is not a power-of-two shape with the same
/// element count.
MLIR_CAPI_EXPORTED MlirType mlirTlxamdReshapeTypeGet(MlirType src,
                                                     intptr_t rank,
                                                     const int64_t *shape);

//===----------------------------------------------------------------------===//
// Layout core
//===----------------------------------------------------------------------===//

/// Whether `attr` is a tlxamd distributed layout.
MLIR_CAPI_EXPORTED bool mlirTlxamdAttributeIsALayout(MlirAttribute attr);

/// Whether `attr` is a tlxamd shared-memory layout.
MLIR_CAPI_EXPORTED bool mlirTlxamdAttributeIsASharedLayout(MlirAttribute attr);

/// The linear layout of `layout` for a tensor of `shape` (`rank` extents).
/// On success the bases are written to `bases` (register, lane, warp, block
/// bases in order, `rank` coordinates each; `capacity` int32 slots) and
/// `counts[4]` receives the number of bases of each input dimension. On
/// failure (a shape the layout cannot describe, too little capacity) the
/// reason is passed to `error` and false is returned.
MLIR_CAPI_EXPORTED bool
mlirTlxamdLayoutGetLinearLayout(MlirAttribute layout, intptr_t rank,
                                const int64_t *shape, int32_t *bases,
                                intptr_t capacity, intptr_t *counts,
                                MlirStringCallback error, void *userData);

/// Layout facts for a tensor of `shape`: registers (elements) per thread and
/// the physical adjacency (consecutive registers adjacent along one
/// dimension; `contigDim` is that dimension or -1).
MLIR_CAPI_EXPORTED bool
mlirTlxamdLayoutGetFacts(MlirAttribute layout, intptr_t rank,
                         const int64_t *shape, int64_t *elementsPerThread,
                         int64_t *contiguity, int32_t *contigDim,
                         MlirStringCallback error, void *userData);

/// What a warp's accesses cost when it moves a tile of `shape` between the
/// distributed layout `dist` and the shared layout `shared` (`banks` 4-byte
/// banks, elements of `elementBytes`): cost = {elements per access,
/// accesses per lane, wavefronts, wavefronts without conflicts}.
MLIR_CAPI_EXPORTED bool
mlirTlxamdSharedAccessCost(MlirAttribute dist, MlirAttribute shared,
                           intptr_t rank, const int64_t *shape,
                           unsigned elementBytes, unsigned banks, int64_t *cost,
                           MlirStringCallback error, void *userData);

/// The swizzled shared layout for storing a tile from `src` and loading it
/// into `dst`: fields = {vec, per_phase, max_phase}, `order` gets `rank`
/// entries.
MLIR_CAPI_EXPORTED bool mlirTlxamdChooseSharedLayout(
    MlirAttribute src, MlirAttribute dst, intptr_t rank, const int64_t *shape,
    unsigned elementBytes, unsigned banks, unsigned *fields, unsigned *order,
    MlirStringCallback error, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TLXAMD_C_TLXAMD_H */
