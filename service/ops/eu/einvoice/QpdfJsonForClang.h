#pragma once

// Force-included by clang before 16 only (service/ops/eu/area.cmake). Such a clang with libstdc++ 12 in C++20
// cannot compile qpdf 11's JSON.hh: JSON::JSON_array holds a std::vector<JSON> while JSON is still
// incomplete, and clang instantiates the vector's constexpr destructor right there. ADES uses none of qpdf's
// JSON; QPDFObjectHandle.hh only names the class in declarations, so a declaration is all it needs.
#define JSON_HH
class JSON;
