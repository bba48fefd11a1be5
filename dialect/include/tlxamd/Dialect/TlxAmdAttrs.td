//===- TlxAmdAttrs.td - tlxamd attributes ------------------*- tablegen -*-===//
//
// Layout attributes (blocked, MFMA, dot operand, slice, WMMA, linear) are
// defined with the layout core; this file holds the typed vocabulary of the
// ops: cache modifiers (B4), atomic orderings and scopes (B19) and the unit
// of buffer offsets (B20), each spelled as the documents spell it (cache
// modifiers quoted: ".cg" is not an MLIR keyword). Vocabulary.cpp parses
// and prints them, naming the allowed values on a wrong one.
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_ATTRS_TD
#define TLXAMD_ATTRS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "mlir/IR/EnumAttr.td"

def TlxAmd_CacheModifier : I32EnumAttr<"CacheModifier",
    "cache modifier of a memory access (B4)", [
    I32EnumAttrCase<"ca", 0, ".ca">, I32EnumAttrCase<"cg", 1, ".cg">,
    I32EnumAttrCase<"cs", 2, ".cs">, I32EnumAttrCase<"cv", 3, ".cv">,
    I32EnumAttrCase<"wb", 4, ".wb">, I32EnumAttrCase<"wt", 5, ".wt">]> {
  let cppNamespace = "::mlir::tlxamd";
  let genSpecializedAttr = 0;
}
def TlxAmd_CacheModifierAttr : EnumAttr<TlxAmd_Dialect, TlxAmd_CacheModifier,
                                        "cache_modifier"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

def TlxAmd_MemSemantic : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic (B19)", [
    I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"acquire", 1>,
    I32EnumAttrCase<"release", 2>, I32EnumAttrCase<"acq_rel", 3>]> {
  let cppNamespace = "::mlir::tlxamd";
  let genSpecializedAttr = 0;
}
def TlxAmd_MemSemanticAttr : EnumAttr<TlxAmd_Dialect, TlxAmd_MemSemantic,
                                      "sem"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

def TlxAmd_MemScope : I32EnumAttr<"MemScope",
    "scope of an atomic (B19)", [
    I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"gpu", 1>,
    I32EnumAttrCase<"sys", 2>]> {
  let cppNamespace = "::mlir::tlxamd";
  let genSpecializedAttr = 0;
}
def TlxAmd_MemScopeAttr : EnumAttr<TlxAmd_Dialect, TlxAmd_MemScope, "scope"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

def TlxAmd_AtomicRMWKind : I32EnumAttr<"AtomicRMWKind",
    "read-modify-write operation of an atomic (tl.atomic_add, ...)", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Min", 2, "min">, I32EnumAttrCase<"Xchg", 3, "xchg">,
    I32EnumAttrCase<"And", 4, "and">, I32EnumAttrCase<"Or", 5, "or">,
    I32EnumAttrCase<"Xor", 6, "xor">]> {
  let cppNamespace = "::mlir::tlxamd";
  let genSpecializedAttr = 0;
}
def TlxAmd_AtomicRMWKindAttr : EnumAttr<TlxAmd_Dialect, TlxAmd_AtomicRMWKind,
                                        "atomic_rmw_kind"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}

def TlxAmd_OffsetUnit : I32EnumAttr<"OffsetUnit",
    "unit of buffer offsets (B20)", [
    I32EnumAttrCase<"elements", 0>, I32EnumAttrCase<"bytes", 1>]> {
  let cppNamespace = "::mlir::tlxamd";
  let genSpecializedAttr = 0;
}
def TlxAmd_OffsetUnitAttr : EnumAttr<TlxAmd_Dialect, TlxAmd_OffsetUnit,
                                     "offset_unit"> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
}


def TlxAmd_SharedMemorySpaceAttr : AttrDef<TlxAmd_Dialect, "SharedMemorySpace"> {
  let mnemonic = "shared_memory";
  let summary = "the memory space of shared memory (LDS)";
}

def TlxAmd_TensorMemorySpaceAttr : AttrDef<TlxAmd_Dialect, "TensorMemorySpace"> {
  let mnemonic = "tensor_memory";
  let summary = "the memory space of Blackwell tensor memory (TMEM)";
}

def TlxAmd_TensorMemoryLayoutAttr : AttrDef<TlxAmd_Dialect, "TensorMemoryLayout"> {
  let mnemonic = "tmem";
  let summary = "the standard tensor-memory layout of a block_m x block_n tile";
  let description = [{
    A `block_m` x `block_n` tile of tensor memory (TLX's
    TensorMemoryEncodingAttr): with `block_m` = 128 row r of the tile is
    TMEM lane r and column c of 32-bit (`unpacked`) elements TMEM column
    c; buffers of a multi-buffered allocation follow each other along the
    columns. `cta_split` is the number of CTAs a two-CTA tile is split
    over (1 here). The layout core (Layout/TensorMemory.h) gives the
    address map, the allocation's column count and the registers
    `tcgen05.ld` / `tcgen05.st` move.

    ```mlir
    #tlxamd.tmem<{block_m = 128, block_n = 16, unpacked = true, cta_split = 1}>
    ```
  }];
  let parameters = (ins "unsigned":$block_m, "unsigned":$block_n,
                        "bool":$unpacked, "unsigned":$cta_split);
  let assemblyFormat = "`<` `{` struct(params) `}` `>`";
  let genVerifyDecl = 1;
}

def TlxAmd_TensorMemoryScalesLayoutAttr : AttrDef<TlxAmd_Dialect, "TensorMemoryScalesLayout"> {
  let mnemonic = "tmem_scales";
  let summary = "the tensor-memory layout of MX scale factors (tcgen05.mma block scaling)";
  let description = [{
    A `rows` x `k / 32` matrix of E8M0 scales (one per 32 K elements of a
    row of A, or of a column of B) as `tcgen05.mma ... .block_scale` reads
    it (TLX's TensorMemoryScalesEncodingAttr): row r lives in TMEM lane
    r % 32 of every 32-lane quarter, scale j in byte j % 4 of column
    (r / 32) + (rows / 32) * (j / 4). A 128-row x 4-scale block is four
    columns, which one `tcgen05.cp ... 32x128b.warpx4` fills from 512
    bytes of shared memory (Layout/TensorMemory.h).

    ```mlir
    #tlxamd.tmem_scales
    ```
  }];
}

def TlxAmd_TensorMemoryPlaceholderLayoutAttr : AttrDef<TlxAmd_Dialect, "TensorMemoryPlaceholderLayout"> {
  let mnemonic = "tmem_placeholder";
  let summary = "the layout of a uint8 tensor-memory buffer not yet resolved";
  let description = [{
    TLX's DummyTMEMLayoutAttr: `local_alloc(shape, tl.uint8, num,
    storage=tmem)` cannot know whether the buffer holds MX scales, so it
    starts with this layout. `tlxamd-resolve-tmem-layouts` gives it the
    scales layout when `async_dot_scaled` reads it (T5), drops the buffer
    count (T7) and flattens 1 x M x K to M x K (T8); any other use is an
    error.

    ```mlir
    #tlxamd.tmem_placeholder
    ```
  }];
}

#endif // TLXAMD_ATTRS_TD
