#include "SanctionsScreening.h"

#include <QJsonArray>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QString variantKind(NameVariant::Kind kind)
{
    switch (kind) {
    case NameVariant::Kind::Primary:
        return u"primary"_s;
    case NameVariant::Kind::Alias:
        return u"alias"_s;
    case NameVariant::Kind::FormerName:
        return u"former_name"_s;
    case NameVariant::Kind::OriginalScript:
        return u"original_script"_s;
    }
    return {};
}

} // namespace

QJsonObject SanctionsHit::toJson() const
{
    QJsonArray aliases;
    for (const NameVariant &v : entry.names)
        if (v.kind != NameVariant::Kind::Primary)
            aliases.append(v.name);
    const Regulation regulation = entry.regulations.isEmpty() ? Regulation {} : entry.regulations.last();
    QJsonObject matched {
        { u"name"_s, matchedName.name },
        { u"kind"_s, variantKind(matchedName.kind) },
        { u"weak"_s, matchedName.weak },
    };
    if (!matchedName.language.isEmpty())
        matched.insert(u"language"_s, matchedName.language);
    auto nullable
        = [](const QString &s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); };
    return QJsonObject {
        { u"score"_s, std::round(score * 10000.0) / 10000.0 },
        { u"name"_s, entry.displayName() },
        { u"list"_s, SanctionsEntry::listCode(entry.list) },
        { u"reference"_s, entry.reference },
        { u"un_reference"_s, nullable(entry.unReference) },
        { u"subject_type"_s, SanctionsEntry::subjectTypeCode(entry.subjectType) },
        { u"programme"_s, nullable(entry.programme) },
        { u"regulation"_s, nullable(regulation.numberTitle) },
        { u"publication_url"_s, nullable(regulation.publicationUrl) },
        { u"countries"_s, QJsonArray::fromStringList(entry.countries) },
        { u"birth_dates"_s, QJsonArray::fromStringList(entry.birthDates) },
        { u"aliases"_s, aliases },
        { u"listed_on"_s, nullable(entry.listedOn) },
        { u"list_generation_date"_s, nullable(entry.listDate) },
        { u"matched_name"_s, matched },
    };
}

} // namespace ades::eu
