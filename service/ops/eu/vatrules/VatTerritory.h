#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>
#include <optional>

namespace ades::eu {

// Where a party or a place stands for VAT (Council Directive 2006/112/EC Art. 5–7; the Windsor Framework for
// Northern Ireland). docs/vat-rules.md, "Territories".
enum class VatArea
{
    MemberState, // one of the 27, and Monaco, which the Directive treats as France (Art. 7)
    NorthernIreland, // XI: inside the EU VAT rules for goods, United Kingdom (third country) for services
    CanaryIslands, // IC: outside the EU VAT territory (Art. 6(1)(b)); the local tax is IGIC
    CeutaMelilla, // EA: outside (Art. 6(2)(c), (d)); the local tax is IPSI
    ThirdCountry, // every other ISO 3166 code: GB, CH, NO, US, and territories such as AX, GP, GI
};

struct VatTerritory
{
    QString code; // upper case, Greece as GR (EL accepted in input): "DE", "GR", "MC", "XI", "US"
    QString taxCountry; // whose VAT applies: "FR" for MC, otherwise the code
    QString vatPrefix; // VAT ID prefix: "EL" for GR, "FR" for MC, otherwise the code
    QString name; // English name where the operation reports one (member states, XI, MC, IC, EA), else empty
    VatArea area = VatArea::ThirdCountry;

    bool inEuForGoods() const { return area == VatArea::MemberState || area == VatArea::NorthernIreland; }
    bool inEuForServices() const { return area == VatArea::MemberState; }
    // Same tax jurisdiction (MC and FR are one; XI and GB are not, see the UK rows of the table).
    bool sameTaxCountry(const VatTerritory &other) const { return taxCountry == other.taxCountry; }
};

// The snake_case name of an area for results ("member_state", "northern_ireland", ...).
QString vatAreaName(VatArea area);

class VatTerritories
{
public:
    // The territory of a two-letter code in any case: an ISO 3166-1 alpha-2 code, XI, EL (Greece's VAT
    // prefix, meaning GR), or ISO's exceptionally reserved IC (Canary Islands) and EA (Ceuta, Melilla).
    // nullopt for anything else. Thread-safe; the tables are built once.
    static std::optional<VatTerritory> find(QStringView code);
    // The code a caller most likely meant by a code that is none ("UK" -> "GB"), or empty.
    static QString suggestion(QStringView code);
    // Every code find() accepts, in upper case (EL excepted: it means GR).
    static QStringList allCodes();
};

} // namespace ades::eu
