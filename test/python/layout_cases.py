"""Build tlxamd layouts from the keyword descriptions used by the reference
data (data/gluon_linear_layouts.json)."""

from tlxamd import layouts as L


def make_layout(desc):
    k = desc["kind"]
    if k == "blocked":
        return L.blocked_layout(desc["size_per_thread"], desc["threads_per_warp"], desc["warps_per_cta"],
                                desc["order"])
    if k == "amd_mfma":
        return L.amd_mfma_layout(desc["version"], desc["instr_shape"], desc["transposed"], desc["warps_per_cta"],
                                 tiles_per_warp=desc.get("tiles_per_warp"),
                                 element_bitwidth=desc.get("element_bitwidth", 32))
    if k == "amd_wmma":
        return L.amd_wmma_layout(desc["version"], desc["instr_shape"], desc["transposed"], desc["warps_per_cta"],
                                 tiles_per_warp=desc.get("tiles_per_warp"))
    if k == "nvidia_mma":
        return L.nvidia_mma_layout(desc["version"], desc["warps_per_cta"], desc["instr_shape"])
    if k == "dot_operand":
        return L.dot_operand_layout(desc["operand_index"], make_layout(desc["parent"]), desc["k_width"])
    if k == "slice":
        return L.slice_layout(desc["dim"], make_layout(desc["parent"]))
    if k == "swizzled_shared":
        return L.swizzled_shared_layout(desc["vec"], desc["per_phase"], desc["max_phase"], desc["order"])
    if k == "nvmma_shared":
        return L.nvmma_shared_layout(desc["swizzle_byte_width"], desc["element_bitwidth"], rank=desc["rank"],
                                     transposed=desc["transposed"])
    raise ValueError(k)
