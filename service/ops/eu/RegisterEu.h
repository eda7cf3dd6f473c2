#pragma once

namespace ades {
class Catalog;
struct AreaContext;
} // namespace ades

namespace ades::eu {

class SanctionsLists;

// The EU area's table of contents: every eu.* operation with its routes, prices and schemas.
void registerEu(Catalog &catalog, const AreaContext &context, const SanctionsLists &sanctions);

} // namespace ades::eu
