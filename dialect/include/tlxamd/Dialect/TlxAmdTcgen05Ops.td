//===- TlxAmdTcgen05Ops.td - tcgen05 MMAs ------------------*- tablegen -*-===//
//
// Blackwell's asynchronous MMAs into tensor memory, block-scaled or not,
// one or two CTAs (rules T1, T3, T4).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_TCGEN05_OPS_TD
#define TLXAMD_TCGEN05_OPS_TD

include "tlxamd/Dialect/TlxAmdBase.td"
include "tlxamd/Dialect/TlxAmdTypes.td"
include "tlxamd/Dialect/TlxAmdTensorOps.td"
include "tlxamd/Dialect/TlxAmdInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "tlxamd/Dialect/TlxAmdSharedOps.td"
include "tlxamd/Dialect/TlxAmdTensorMemoryOps.td"

def TlxAmd_AsyncDotScaledOp : TlxAmd_TmemOp<"async_dot_scaled"> {
  let summary = "an MX-scaled MMA into tensor memory (tcgen05.mma ... block_scale)";
  let description = [{
    TLX's `async_dot_scaled(a, b, acc, A_scale, A_format, B_scale,
    B_format, use_acc=None, two_ctas=False, mBarriers=[])`: `acc = (a *
    2^A_scale) @ (b * 2^B_scale) (+ acc if use_acc)`, issued
    asynchronously by one thread as `tcgen05.mma.cta_group::N.kind::
    mxf8f6f4.block_scale`, one instruction per 32 elements of K. `a` ([M,
    K]) and `b` ([K, N]) are swizzled `nvmma_shared` tiles in shared
    memory, described to the tensor core by shared-memory matrix
    descriptors; `acc` is an f32 M x N tensor-memory tile; the scales
    (E8M0, one per 32 K elements: `[M, K / 32]` and `[N, K / 32]`) are
    tensor-memory buffers in the scales layout, or shared-memory buffers in
    the scale-factor order of `tmem_copy` that
    `tlxamd-resolve-tmem-layouts` copies into tensor memory first. Formats
    are the documented FP8 / FP6 / FP4 kinds (T3). Completion: each
    barrier of `barriers` (TLX's mBarriers) gets a `tcgen05.commit`, or
    the program commits later (`tcgen05_commit`).

    With `two_ctas` the MMA spans the two CTAs of a cluster of 2 (T1): each
    CTA holds its M = 128 rows of `a` and of `acc` and half of `b`'s
    columns (N / 2), while `B_scale` holds all N columns' scales in each
    CTA; the lead CTA issues `cta_group::2` for the pair.

    ```mlir
    tlxamd.async_dot_scaled %a, %b, %acc, %as, %bs, %use_acc barriers(%bar : !tlxamd.memdesc<1xi64, #b, #tlxamd.shared_memory, mutable>)
        a_format = "e4m3" b_format = "e4m3" : ...
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a,
                       Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b,
                       Arg<TlxAmd_TmemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>,
                                                 MemWrite<TlxAmd_SharedMemoryResource>]>:$acc,
                       Arg<TlxAmd_AnyMemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a_scale,
                       Arg<TlxAmd_AnyMemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b_scale,
                       I1:$use_acc,
                       Arg<Variadic<TlxAmd_MemDesc>, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barriers,
                       StrAttr:$a_format, StrAttr:$b_format, UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `,` $a_scale `,` $b_scale `,` $use_acc
    (`barriers` `(` $barriers^ `:` qualified(type($barriers)) `)`)?
    `a_format` `=` $a_format `b_format` `=` $b_format (`two_ctas` $two_ctas^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc)) `,`
    qualified(type($a_scale)) `,` qualified(type($b_scale))
  }];
  let hasVerifier = 1;
}

def TlxAmd_AsyncDotOp : TlxAmd_TmemOp<"async_dot"> {
  let summary = "an MMA into tensor memory (tcgen05.mma kind::f16)";
  let description = [{
    TLX's `async_dot(a, b, acc, use_acc=None, two_ctas=False,
    mBarriers=[])` on Blackwell: `acc = a @ b (+ acc if use_acc)` for
    f16 / bf16 operands, issued asynchronously by one thread as
    `tcgen05.mma.cta_group::N.kind::f16`, one instruction per 16 elements
    of K, with the operands, accumulator, two-CTA split (T1) and
    completion of `async_dot_scaled`.

    ```mlir
    tlxamd.async_dot %a, %b, %acc, %use_acc : ...
    ```
  }];
  let arguments = (ins Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$a,
                       Arg<TlxAmd_MemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>]>:$b,
                       Arg<TlxAmd_TmemDesc, "", [MemRead<TlxAmd_SharedMemoryResource>,
                                                 MemWrite<TlxAmd_SharedMemoryResource>]>:$acc,
                       I1:$use_acc,
                       Arg<Variadic<TlxAmd_MemDesc>, "", [MemWrite<TlxAmd_SharedMemoryResource>]>:$barriers,
                       UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `,` $use_acc
    (`barriers` `(` $barriers^ `:` qualified(type($barriers)) `)`)?
    (`two_ctas` $two_ctas^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc))
  }];
  let hasVerifier = 1;
}

#endif // TLXAMD_TCGEN05_OPS_TD
