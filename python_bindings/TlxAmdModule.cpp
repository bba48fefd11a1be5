//===- TlxAmdModule.cpp - tlxamd native helpers for Python ---------------===//
#include "tlxamd-c/TlxAmd.h"

#include "mlir-c/Diagnostics.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <optional>
#include <string>

#include <nanobind/stl/optional.h>

namespace nb = nanobind;

namespace {
void appendString(MlirStringRef s, void *userData) {
  static_cast<std::string *>(userData)->append(s.data, s.length);
}

/// Collects the diagnostics emitted on a context while alive.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MlirContext ctx) : ctx(ctx) {
    id = mlirContextAttachDiagnosticHandler(ctx, &handle, this, nullptr);
  }
  ~DiagnosticCollector() { mlirContextDetachDiagnosticHandler(ctx, id); }
  const std::string &messages() const { return text; }

private:
  static MlirLogicalResult handle(MlirDiagnostic diag, void *userData) {
    auto *self = static_cast<DiagnosticCollector *>(userData);
    if (!self->text.empty())
      self->text += "\n";
    std::string loc;
    mlirLocationPrint(mlirDiagnosticGetLocation(diag), appendString, &loc);
    self->text += loc + ": ";
    mlirDiagnosticPrint(diag, appendString, &self->text);
    return mlirLogicalResultSuccess();
  }
  MlirContext ctx;
  MlirDiagnosticHandlerID id;
  std::string text;
};
} // namespace

static void defineParsingAndTranslation(nb::module_ &m) {
  m.def(
      "translate_to_llvm_ir",
      [](MlirOperation op, const std::string &target) {
        MlirContext ctx = mlirOperationGetContext(op);
        std::string out;
        DiagnosticCollector diags(ctx);
        MlirLogicalResult r = mlirTlxamdTranslateToLLVMIR(
            op, mlirStringRefCreate(target.data(), target.size()), appendString,
            &out);
        if (mlirLogicalResultIsFailure(r))
          throw nb::value_error(
              ("translation to LLVM IR failed:\n" + diags.messages()).c_str());
        return out;
      },
      nb::arg("operation"), nb::arg("target"),
      "Translate the lowered kernels of an operation (a gpu.module or a "
      "module holding one) to textual LLVM IR for a target.");

  m.def(
      "find_parser_defect",
      [](const std::string &text) -> std::optional<nb::tuple> {
        std::string message;
        unsigned line = mlirTlxamdFindParserDefect(
            mlirStringRefCreate(text.data(), text.size()), appendString,
            &message);
        if (!line)
          return std::nullopt;
        return nb::make_tuple(line, message);
      },
      nb::arg("text"),
      "(line, message) of the first known defect of the released MLIR "
      "parser (an input it aborts on) in `text`, or None.");

  m.def(
      "parse_module",
      [](const std::string &text, MlirContext ctx) -> MlirModule {
        std::string defect;
        if (unsigned line = mlirTlxamdFindParserDefect(
                mlirStringRefCreate(text.data(), text.size()), appendString,
                &defect))
          throw nb::value_error(("line " + std::to_string(line) + ": " +
                                 defect +
                                 " (the MLIR parser cannot report this one)")
                                    .c_str());
        std::string fatal;
        DiagnosticCollector diags(ctx);
        MlirModule module = mlirTlxamdParseModuleGuarded(
            ctx, mlirStringRefCreate(text.data(), text.size()), appendString,
            &fatal);
        if (!fatal.empty())
          throw nb::value_error(
              ("fatal error in the MLIR parser: " + fatal).c_str());
        if (mlirModuleIsNull(module))
          throw nb::value_error(diags.messages().c_str());
        return module;
      },
      nb::arg("text"), nb::arg("context"),
      "Parse a module; diagnostics and upstream fatal errors of the parser "
      "become a ValueError instead of ending the process.");
}

static void defineTablesAndPreshuffle(nb::module_ &m) {
  m.def(
      "capability_table",
      []() {
        std::string json;
        mlirTlxamdGetCapabilityTable(appendString, &json);
        return json;
      },
      "The capability table of the supported targets, as JSON.");

  m.def(
      "preshuffle_layout",
      [](int64_t laneBytes) {
        std::string json;
        if (!mlirTlxamdGetPreshuffleLayout(laneBytes, appendString, &json))
          throw nb::value_error(("lane_bytes must be 16 (FP4), 24 (FP6) or "
                                 "32 (FP8), got " +
                                 std::to_string(laneBytes))
                                    .c_str());
        return json;
      },
      nb::arg("lane_bytes"),
      "The Mojo PreshuffledBLoader reference's preshuffled B layout for "
      "`lane_bytes`, as JSON.");

  m.def(
      "preshuffle_offsets",
      [](int64_t laneBytes, int64_t n, int64_t kBytes) {
        if (n < 0 || kBytes < 0 || n * kBytes > (int64_t(1) << 31))
          throw nb::value_error("the tile must have at most 2^31 bytes");
        std::string offsets(size_t(n * kBytes) * sizeof(int64_t), '\0');
        std::string why;
        if (!mlirTlxamdGetPreshuffleOffsets(
                laneBytes, n, kBytes,
                reinterpret_cast<int64_t *>(offsets.data()), appendString,
                &why))
          throw nb::value_error(why.c_str());
        return nb::bytes(offsets.data(), offsets.size());
      },
      nb::arg("lane_bytes"), nb::arg("n"), nb::arg("k_bytes"),
      "The stored offset of each logical byte of an [n, k_bytes] matrix in "
      "its preshuffled form (int64, row-major), from the layout core.");
}

static void defineVocabularyAndLayouts(nb::module_ &m) {
  m.def(
      "vocabulary",
      []() {
        std::string json;
        mlirTlxamdGetVocabulary(appendString, &json);
        return json;
      },
      "The spellings of cache modifiers, orderings, scopes and offset units, "
      "as JSON.");

  mlir::python::nanobind_adaptors::mlir_type_subclass(
      m, "PtrType", mlirTypeIsATlxamdPtrType, mlirTlxamdPtrTypeGetTypeID)
      .def_classmethod(
          "get",
          [](nb::object cls, MlirType pointee, unsigned addressSpace) {
            MlirType t = mlirTlxamdPtrTypeGet(pointee, addressSpace);
            if (mlirTypeIsNull(t))
              throw nb::value_error(
                  "pointee type of a !tlxamd.ptr must be a byte-sized "
                  "integer or float scalar");
            return cls(t);
          },
          nb::arg("cls"), nb::arg("pointee_type"), nb::arg("address_space") = 1,
          "A scalar pointer to `pointee_type` in `address_space` (1 = global, "
          "3 = shared).")
      .def_property_readonly(
          "pointee_type",
          [](MlirType self) { return mlirTlxamdPtrTypeGetPointeeType(self); })
      .def_property_readonly("address_space", [](MlirType self) {
        return mlirTlxamdPtrTypeGetAddressSpace(self);
      });

  m.def(
      "linear_layout",
      [](MlirAttribute layout, std::vector<int64_t> shape) {
        std::vector<int32_t> bases(1 << 14);
        intptr_t counts[4] = {0, 0, 0, 0};
        std::string err;
        if (!mlirTlxamdLayoutGetLinearLayout(layout, shape.size(), shape.data(),
                                             bases.data(), bases.size(), counts,
                                             appendString, &err))
          throw nb::value_error(err.c_str());
        nb::list out;
        size_t pos = 0;
        for (intptr_t in = 0; in < 4; ++in) {
          nb::list group;
          for (intptr_t b = 0; b < counts[in]; ++b) {
            nb::list basis;
            for (size_t d = 0; d < shape.size(); ++d)
              basis.append(bases[pos++]);
            group.append(basis);
          }
          out.append(group);
        }
        return out;
      },
      nb::arg("layout"), nb::arg("shape"),
      "[register, lane, warp, block] bases of a layout for a tensor shape "
      "(a shared layout: [offset, -, -, block]).");
}

static void defineLayoutQueries(nb::module_ &m) {
  m.def(
      "shared_access_cost",
      [](MlirAttribute dist, MlirAttribute shared, std::vector<int64_t> shape,
         unsigned elementBytes, unsigned banks) {
        int64_t cost[4];
        std::string err;
        if (!mlirTlxamdSharedAccessCost(dist, shared, shape.size(),
                                        shape.data(), elementBytes, banks, cost,
                                        appendString, &err))
          throw nb::value_error(err.c_str());
        return nb::make_tuple(cost[0], cost[1], cost[2], cost[3]);
      },
      nb::arg("dist"), nb::arg("shared"), nb::arg("shape"),
      nb::arg("element_bytes"), nb::arg("banks"),
      "(elements per access, accesses per lane, wavefronts, ideal "
      "wavefronts) of a warp moving a tile between the two layouts.");

  m.def(
      "choose_shared_layout",
      [](MlirAttribute src, MlirAttribute dst, std::vector<int64_t> shape,
         unsigned elementBytes, unsigned banks) {
        unsigned fields[3];
        std::vector<unsigned> order(shape.size());
        std::string err;
        if (!mlirTlxamdChooseSharedLayout(src, dst, shape.size(), shape.data(),
                                          elementBytes, banks, fields,
                                          order.data(), appendString, &err))
          throw nb::value_error(err.c_str());
        nb::list o;
        for (unsigned d : order)
          o.append(d);
        return nb::make_tuple(fields[0], fields[1], fields[2], o);
      },
      nb::arg("src"), nb::arg("dst"), nb::arg("shape"),
      nb::arg("element_bytes"), nb::arg("banks"),
      "(vec, per_phase, max_phase, order) of the cheapest swizzled layout.");

  m.def(
      "layout_facts",
      [](MlirAttribute layout, std::vector<int64_t> shape) {
        int64_t elems = 0, contig = 0;
        int32_t dim = -1;
        std::string err;
        if (!mlirTlxamdLayoutGetFacts(layout, shape.size(), shape.data(),
                                      &elems, &contig, &dim, appendString,
                                      &err))
          throw nb::value_error(err.c_str());
        return nb::make_tuple(elems, contig, dim);
      },
      nb::arg("layout"), nb::arg("shape"),
      "(elements per thread, contiguous registers, their dimension or -1).");

  m.def(
      "reshape_type",
      [](MlirType src, std::vector<int64_t> shape) -> MlirType {
        MlirType t = mlirTlxamdReshapeTypeGet(src, shape.size(), shape.data());
        if (mlirTypeIsNull(t))
          throw nb::value_error("no reshape of that tensor to that shape");
        return t;
      },
      nb::arg("src"), nb::arg("shape"),
      "The type of tlxamd.reshape of a tensor to `shape` (its layout "
      "inferred).");

  m.def(
      "is_layout",
      [](MlirAttribute attr) { return mlirTlxamdAttributeIsALayout(attr); },
      nb::arg("attr"));
  m.def(
      "is_shared_layout",
      [](MlirAttribute attr) {
        return mlirTlxamdAttributeIsASharedLayout(attr);
      },
      nb::arg("attr"));
}

NB_MODULE(_tlxamd, m) {
  m.doc() = "tlxamd native helpers";
  defineParsingAndTranslation(m);
  defineTablesAndPreshuffle(m);
  defineVocabularyAndLayouts(m);
  defineLayoutQueries(m);
}
