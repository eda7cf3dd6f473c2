#pragma once

#include "SanctionsEntry.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace ades::eu {

// The default cut: OpenSanctions' 0.70 "match" threshold on the same 0..1 scale; measured on
// data/sanctions/eval (docs/conformance.md, "Sanctions").
inline constexpr double kDefaultSanctionsThreshold = 0.70;

// One screening request. Empty lists means all loaded lists.
struct SanctionsQuery
{
    QString name;
    // ISO 3166 alpha-2 code or English country name; lowers the score of entries with other countries.
    QString country;
    // "YYYY", "YYYY-MM" or "YYYY-MM-DD"; lowers the score of entries born in other years.
    QString birthDate;
    double threshold = kDefaultSanctionsThreshold;
    QList<SanctionsEntry::List> lists;
    // Person queries match persons only, other kinds match entities and ships.
    std::optional<SanctionsEntry::SubjectType> subjectType;
    int limit = 10;
};

// One listed entry that reaches the threshold: the hit fields of docs/interface.md §2.5 plus the variant
// that matched.
struct SanctionsHit
{
    double score = 0.0;
    // The name similarity before birth date and country adjustments.
    double nameScore = 0.0;
    SanctionsEntry entry;
    NameVariant matchedName;
    // Index of matchedName in entry.names.
    int matchedVariant = 0;

    QJsonObject toJson() const;
};

} // namespace ades::eu
