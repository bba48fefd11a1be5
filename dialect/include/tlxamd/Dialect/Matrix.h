//===- Matrix.h - matrix instructions and dot layouts -----------*- C++ -*-===//
//
// Declarations of the dialect's matrix instructions and dot layouts family,
// included by TlxAmdDialect.h after the generated op classes (include that
// header, not this one).
//
//===----------------------------------------------------------------------===//
#ifndef TLXAMD_DIALECT_MATRIX_H
#define TLXAMD_DIALECT_MATRIX_H

namespace mlir::tlxamd {

/// The instruction of `engine` on `arch` computing an m x n x k tile from
/// `aType` operands, or nullptr (findMatrixInstr of the type's spelling).
const MatrixInstr *findMatrixInstrFor(const ArchInfo &arch, MatrixEngine engine,
                                      unsigned m, unsigned n, unsigned k,
                                      Type aType);

/// The result layout layout assignment gives a tl.dot, and its operands'
/// k_width.
struct DotLayoutChoice {
  Attribute layout; ///< null: the target has no instruction for the dot
  unsigned kWidth = 0;
};
/// Whether two matrix layouts name the same instruction (they differ at
/// most in how the warps and their tiles are placed).
bool haveSameMatrixInstruction(Attribute have, Attribute want);

/// For an m x n x k tl.dot of `elem` operands over `numWarps` warps on
/// `arch`: on AMD Triton's MFMA choice (32 x 32 instructions where the
/// tile allows, else 16 x 16, the deepest K that divides the tile;
/// transposed, so that each lane's results run along N; on gfx1250 the
/// 16 x 16 WMMA of the deepest K, transposed too), on NVIDIA the
/// mma.sync layout (32 bits of K per operand register); warps split
/// between M and N.
/// With `rowsInWarp` (the result's rows are reduced: attention's row max
/// and sum), CDNA places every warp along M with an instruction of at most
/// m / numWarps rows where the tile allows, so that a row stays in one warp
/// and its reduction needs no shared memory. `nonKDim` (Triton's
/// matrix_instr_nonkdim, 16 or 32) restricts AMD's choice to instructions
/// of that M and N.
DotLayoutChoice chooseDotLayout(MLIRContext *ctx, const ArchInfo &arch,
                                int64_t m, int64_t n, int64_t k, Type elem,
                                unsigned numWarps, bool rowsInWarp = false,
                                unsigned nonKDim = 0);

/// An operand format of dot_scaled (tl.dot_scaled's `lhs_format` /
/// `rhs_format`): its bits per value and whether it is a microscaled (MX)
/// format taking E8M0 scales.
struct ScaledFormat {
  llvm::StringLiteral name;
  unsigned bits;
  bool microscaled;
};
/// The format named `name`, or nullptr.
const ScaledFormat *getScaledFormat(StringRef name);
/// Whether an operand of format `f` may have element type `t`.
bool isScaledFormatElement(const ScaledFormat &f, Type t);
/// The element types of format `f`, for diagnostics.
StringRef describeScaledFormatElements(const ScaledFormat &f);
/// The formats, for diagnostics ("e2m1, e2m3, ...").
std::string describeScaledFormats();
/// K elements sharing one E8M0 scale (the OCP MX block).
constexpr int64_t kScaleBlockSize = 32;

/// The result and operand layouts layout assignment gives a dot_scaled:
/// the instruction's layout, each operand's k_width in its tensor's
/// elements (16 bytes of packed fp4 hold 32 values).
struct ScaledDotLayoutChoice {
  Attribute layout; ///< null: the target has no scaled instruction for it
  unsigned aKWidth = 0, bKWidth = 0;
  /// The operands' dot-operand parents (getScaledOperandParent).
  Attribute aParent, bParent;
};
/// The parent layout of a dot_scaled operand of format `f` under the
/// result's `layout`: the layout itself, but for fp4 packed along K under a
/// WMMA layout the same layout with half its instruction K (its fragments
/// count the operand's bytes, two values each, as Triton's do).
Attribute getScaledOperandParent(Attribute layout, const ScaledFormat &f,
                                 bool kPack);
/// For an m x n x k (logical) dot_scaled of `lhs` / `rhs` formats over
/// `numWarps` warps on `arch`: gfx950's scaled MFMA (32 x 32 x 64 where
/// the tile allows, else 16 x 16 x 128; transposed like tl.dot's), or
/// only the instruction of M = N = `instrM` when given (a preshuffled B
/// is stored as the 16 x 16 x 128 instruction's fragments: the Mojo
/// PreshuffledBLoader reference); gfx1250's scaled WMMA (16 x 16 x 128,
/// fp8 and fp4 packed along K; each warp a `tilesPerWarp` block of
/// instructions, D2; transposed).
ScaledDotLayoutChoice chooseScaledDotLayout(
    MLIRContext *ctx, const ArchInfo &arch, int64_t m, int64_t n, int64_t k,
    const ScaledFormat &lhs, const ScaledFormat &rhs, unsigned numWarps,
    int64_t instrM = 0, bool lhsKPack = true, bool rhsKPack = true,
    ArrayRef<int32_t> tilesPerWarp = {});
/// The M = N that `dot`'s scaled instruction must have on `arch` (the
/// `instrM` of chooseScaledDotLayout): a preshuffled B's 16 x 16 x 128
/// fragments; else the kernel's matrix_instr_nonkdim (none on WMMA targets
/// for 16, their only size); 0 for any.
int64_t getScaledDotInstrM(DotScaledOp dot, const ArchInfo &arch);

} // namespace mlir::tlxamd

#endif // TLXAMD_DIALECT_MATRIX_H
