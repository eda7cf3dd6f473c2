#include "VatTerritory.h"

#include "../einvoice/CodeList.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// The territories the operation names and treats specially; any other ISO code is a third country.
QHash<QString, VatTerritory> specialTerritories()
{
    const auto member = [](const QString &code, const QString &name) {
        return VatTerritory { code, code, code, name, VatArea::MemberState };
    };
    QHash<QString, VatTerritory> all;
    for (const VatTerritory &t : { member(u"AT"_s, u"Austria"_s), member(u"BE"_s, u"Belgium"_s),
             member(u"BG"_s, u"Bulgaria"_s), member(u"CY"_s, u"Cyprus"_s), member(u"CZ"_s, u"Czechia"_s),
             member(u"DE"_s, u"Germany"_s), member(u"DK"_s, u"Denmark"_s), member(u"EE"_s, u"Estonia"_s),
             member(u"ES"_s, u"Spain"_s), member(u"FI"_s, u"Finland"_s), member(u"FR"_s, u"France"_s),
             member(u"HR"_s, u"Croatia"_s), member(u"HU"_s, u"Hungary"_s), member(u"IE"_s, u"Ireland"_s),
             member(u"IT"_s, u"Italy"_s), member(u"LT"_s, u"Lithuania"_s), member(u"LU"_s, u"Luxembourg"_s),
             member(u"LV"_s, u"Latvia"_s), member(u"MT"_s, u"Malta"_s), member(u"NL"_s, u"Netherlands"_s),
             member(u"PL"_s, u"Poland"_s), member(u"PT"_s, u"Portugal"_s), member(u"RO"_s, u"Romania"_s),
             member(u"SE"_s, u"Sweden"_s), member(u"SI"_s, u"Slovenia"_s), member(u"SK"_s, u"Slovakia"_s) })
        all.insert(t.code, t);
    all.insert(u"GR"_s, VatTerritory { u"GR"_s, u"GR"_s, u"EL"_s, u"Greece"_s, VatArea::MemberState });
    // Art. 7(1): Monaco is not a third country; its supplies are treated as French ones (FR VAT IDs).
    all.insert(u"MC"_s, VatTerritory { u"MC"_s, u"FR"_s, u"FR"_s, u"Monaco"_s, VatArea::MemberState });
    all.insert(u"XI"_s,
        VatTerritory {
            u"XI"_s, u"XI"_s, u"XI"_s, u"Northern Ireland (United Kingdom)"_s, VatArea::NorthernIreland });
    all.insert(
        u"IC"_s, VatTerritory { u"IC"_s, u"IC"_s, u"IC"_s, u"Canary Islands"_s, VatArea::CanaryIslands });
    all.insert(
        u"EA"_s, VatTerritory { u"EA"_s, u"EA"_s, u"EA"_s, u"Ceuta and Melilla"_s, VatArea::CeutaMelilla });
    return all;
}

const QHash<QString, VatTerritory> &special()
{
    static const QHash<QString, VatTerritory> all = specialTerritories();
    return all;
}

} // namespace

QString vatAreaName(VatArea area)
{
    switch (area) {
    case VatArea::MemberState:
        return u"member_state"_s;
    case VatArea::NorthernIreland:
        return u"northern_ireland"_s;
    case VatArea::CanaryIslands:
        return u"canary_islands"_s;
    case VatArea::CeutaMelilla:
        return u"ceuta_melilla"_s;
    case VatArea::ThirdCountry:
        break;
    }
    return u"third_country"_s;
}

std::optional<VatTerritory> VatTerritories::find(QStringView code)
{
    if (code.size() != 2)
        return std::nullopt;
    QString upper = code.toString().toUpper();
    if (upper == u"EL"_s)
        upper = u"GR"_s;
    const auto it = special().constFind(upper);
    if (it != special().constEnd())
        return *it;
    // The ISO list the e-invoice checks use (resources/einvoice/iso3166-alpha2.txt); "1A" (Kosovo) is
    // not two letters and never reaches here.
    if (CodeList::named(u"iso3166-alpha2"_s).verdict(upper) != CodeList::Verdict::Listed)
        return std::nullopt;
    return VatTerritory { upper, upper, upper, QString(), VatArea::ThirdCountry };
}

QStringList VatTerritories::allCodes()
{
    QSet<QString> codes = CodeList::named(u"iso3166-alpha2"_s).codes();
    for (auto it = special().constBegin(); it != special().constEnd(); ++it)
        codes.insert(it.key());
    QStringList list;
    for (const QString &code : std::as_const(codes)) {
        if (code.size() == 2 && code.at(0).isLetter() && code.at(1).isLetter())
            list << code;
    }
    list.sort();
    return list;
}

QString VatTerritories::suggestion(QStringView code)
{
    // ISO 3166 writes the United Kingdom GB (and Northern Ireland, for goods, XI).
    return code.compare(u"UK", Qt::CaseInsensitive) == 0 ? u"GB"_s : QString();
}

} // namespace ades::eu
