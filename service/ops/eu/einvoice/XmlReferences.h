#pragma once

#include <QtGlobal>
#include <string>
#include <string_view>

namespace ades::eu::xml {

// Resolves the five predefined entities and character references in raw character data. Returns the
// offset within `raw` of a reference XML does not allow (an undeclared entity, a bare '&', a reference
// to a character outside XML's range), or -1.
qsizetype decodeReferences(std::string_view raw, std::string &out);

} // namespace ades::eu::xml
