#pragma once

#include "SanctionsEntry.h"
#include "core/Result.h"

#include <QByteArray>

namespace ades::eu {

// Reads the official list files and the combined snapshot into SanctionsEntry values. Pure functions:
// safe on any thread. Unknown elements and fields are ignored; a file that is not the expected list
// (truncated XML, an HTML error page, a JSON error body, no entries) is an error value, never a crash.
class SanctionsListParser
{
public:
    enum class Format
    {
        Unknown,
        UnXml, // UN Security Council consolidated XML
        EuXml, // EU Financial Sanctions Files XML v1.1
        UkXml, // FCDO UK Sanctions List XML
        SnapshotJsonl, // combined JSONL (docs/sanctions.md), gzip or plain
        OfsiConListCsv, // legacy OFSI Consolidated List CSV (closed 28 January 2026; imports of old data)
    };

    // Guesses the format from the first bytes (gzip is inflated first).
    static Format detect(const QByteArray &data);
    // Parses any supported format; gzip input is inflated first.
    static Result<SanctionsList> parse(const QByteArray &data);

    static Result<SanctionsList> parseUnXml(const QByteArray &data);
    static Result<SanctionsList> parseEuXml(const QByteArray &data);
    static Result<SanctionsList> parseUkXml(const QByteArray &data);
    // One JSON object per line in the shape of data/sanctions/index_all_lists.derived.jsonl.gz.
    static Result<SanctionsList> parseSnapshotJsonl(const QByteArray &data);
    // One row per name, grouped by "Group ID" (the entry reference); UTF-8 with or without BOM.
    static Result<SanctionsList> parseOfsiConListCsv(const QByteArray &data);
};

} // namespace ades::eu
