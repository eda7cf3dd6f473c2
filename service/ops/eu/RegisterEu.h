#pragma once

namespace ades {
class Catalog;
struct AreaContext;
} // namespace ades

namespace ades::eu {

class SanctionsLists;
class ViesArchive;
class ViesGate;

// The EU area's table of contents: every eu.* operation with its routes, prices and schemas. Every VIES
// caller gets the area's one gate and archive.
void registerEu(Catalog &catalog, const AreaContext &context, const SanctionsLists &sanctions,
    ViesGate &viesGate, const ViesArchive &viesArchive);

} // namespace ades::eu
