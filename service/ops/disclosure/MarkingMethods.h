#pragma once

#include <QJsonArray>

namespace ades::disclosure {

enum class ContentKind;

// The machine-readable marking techniques Article 50(2) asks providers to use, as recital 133 names them in
// general terms (watermarks, metadata identifications, cryptographic methods for proving provenance and
// authenticity, logging methods, fingerprints), made concrete for one kind of content with the open standards
// that carry them. Each entry: `method`, `machine_readable`, `standard`, `where`, `robustness`. A list of
// options to choose from; the Regulation prescribes none of them.
class MarkingMethods
{
public:
    static QJsonArray forKind(ContentKind kind);
};

} // namespace ades::disclosure
