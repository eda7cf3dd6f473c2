#include "XRechnungCvdRules.h"

#include "../../InvoiceReader.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "XRechnungCodeLists.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu::xrechnung {

using Severity = Finding::Severity;

namespace {

const QString Cva = u"cva"_s;
const QString Cvd = u"CVD"_s;

} // namespace

void XRechnungCvdRules::check()
{
    if (!isCvd())
        return;
    if (ubl)
        checkUbl();
    else
        checkCii();
}

void XRechnungCvdRules::reportMissingVehicleLine()
{
    fail(root, u"BR-DE-CVD-03"_s, Severity::Fatal, u"BT-158"_s,
        u"A clean-vehicles invoice needs at least one line whose item classification (BT-158) has scheme "
        "identifier 'CVD' and whose item attributes (BT-160) include 'cva'"_s);
}

// BR-TMP-CVD-01 and BR-DE-CVD-04 on one item classification identifier (BT-158).
void XRechnungCvdRules::checkClassification(int code)
{
    const QString listId = attribute(code, u"listID"_s);
    if (!XRechnungCodeLists::itemTypeAccepts(listId))
        fail(code, u"BR-TMP-CVD-01"_s, Severity::Fatal, u"BT-158"_s,
            u"The scheme identifier '%1' of the item classification identifier (BT-158) is not in UNTDID "
            u"7143 "
            "(with CVD)"_s.arg(listId));
    if (normalizeSpace(listId) == Cvd
        && !XRechnungCodeLists::vehicleCategory(normalizeSpace(stringValue(code))))
        fail(code, u"BR-DE-CVD-04"_s, Severity::Fatal, u"BT-158"_s,
            u"The vehicle category '%1' (BT-158, scheme CVD) is not one of M1, M2, M3, N1, N2, N3"_s.arg(
                normalizeSpace(stringValue(code))));
}

void XRechnungCvdRules::checkCleanVehicleValue(int attribute, int value)
{
    if (!XRechnungCodeLists::cleanVehicleValue(normalizeSpace(stringValue(value))))
        fail(attribute, u"BR-DE-CVD-05"_s, Severity::Fatal, u"BT-161"_s,
            u"The value of the item attribute 'cva' (BT-161) must be clean, zero-emission or other"_s);
}

// BR-DE-CVD-06-a/b: a vehicle category and the clean-vehicle attribute come together, exactly once each.
void XRechnungCvdRules::checkItem(
    int item, const std::vector<int> &classifications, const std::vector<int> &attributes)
{
    int categories = 0;
    for (int code : classifications)
        categories += attribute(code, u"listID"_s) == Cvd ? 1 : 0;
    const int cvaAttributes = int(attributes.size());
    if (categories > 0 && cvaAttributes != 1)
        fail(item, u"BR-DE-CVD-06-a"_s, Severity::Fatal, u"BT-160"_s,
            u"A line with a vehicle category (BT-158, scheme CVD) needs exactly one item attribute 'cva' "
            "(BT-160)"_s);
    if (cvaAttributes > 0 && categories != 1)
        fail(item, u"BR-DE-CVD-06-b"_s, Severity::Fatal, u"BT-158"_s,
            u"A line with the item attribute 'cva' (BT-160) needs exactly one vehicle category (BT-158, "
            u"scheme "
            "CVD)"_s);
}

void XRechnungCvdRules::checkUbl()
{
    if (!anyWithContent(root, { { CacNs, u"OriginatorDocumentReference"_sv }, { CbcNs, u"ID"_sv } }))
        fail(root, u"BR-DE-CVD-02"_s, Severity::Fatal, u"BT-17"_s,
            u"A clean-vehicles invoice needs the tender or lot reference (BT-17)"_s);
    if (!anyWithContent(root, { { CacNs, u"ContractDocumentReference"_sv }, { CbcNs, u"ID"_sv } }))
        fail(root, u"BR-DE-CVD-01"_s, Severity::Fatal, u"BT-12"_s,
            u"A clean-vehicles invoice needs the contract reference (BT-12)"_s);
    const QStringView lineName = isNamed(root, InvoiceReader::UblCreditNoteNs, u"CreditNote"_sv)
        ? u"CreditNoteLine"_sv
        : u"InvoiceLine"_sv;
    bool vehicleLine = false;
    const std::vector<int> items = all(root, { { CacNs, lineName }, { CacNs, u"Item"_sv } });
    for (int item : items) {
        const std::vector<int> codes = all(
            item, { { CacNs, u"CommodityClassification"_sv }, { CbcNs, u"ItemClassificationCode"_sv } });
        std::vector<int> cva;
        for (int property : all(item, { { CacNs, u"AdditionalItemProperty"_sv } })) {
            const std::vector<int> names = all(property, { { CbcNs, u"Name"_sv } });
            if (std::any_of(names.begin(), names.end(), [this](int n) { return stringValue(n) == Cva; }))
                cva.push_back(property);
        }
        vehicleLine = vehicleLine || (!cva.empty() && std::any_of(codes.begin(), codes.end(), [this](int c) {
            return attribute(c, u"listID"_s) == Cvd;
        }));
        checkItem(item, codes, cva);
        for (int code : codes)
            checkClassification(code);
        for (int property : cva)
            checkCleanVehicleValue(property, first(property, { { CbcNs, u"Value"_sv } }));
    }
    if (!vehicleLine)
        reportMissingVehicleLine();
}

void XRechnungCvdRules::checkCii()
{
    for (int tx : all(root, { { InvoiceReader::CiiNs, u"SupplyChainTradeTransaction"_sv } })) {
        bool vehicleLine = false;
        for (int product : all(tx,
                 { { RamNs, u"IncludedSupplyChainTradeLineItem"_sv },
                     { RamNs, u"SpecifiedTradeProduct"_sv } })) {
            const std::vector<int> codes = all(
                product, { { RamNs, u"DesignatedProductClassification"_sv }, { RamNs, u"ClassCode"_sv } });
            std::vector<int> cva;
            for (int characteristic : all(product, { { RamNs, u"ApplicableProductCharacteristic"_sv } })) {
                const std::vector<int> descriptions = all(characteristic, { { RamNs, u"Description"_sv } });
                if (std::any_of(descriptions.begin(), descriptions.end(),
                        [this](int d) { return stringValue(d) == Cva; }))
                    cva.push_back(characteristic);
            }
            vehicleLine
                = vehicleLine || (!cva.empty() && std::any_of(codes.begin(), codes.end(), [this](int c) {
                      return attribute(c, u"listID"_s) == Cvd;
                  }));
            checkItem(product, codes, cva);
            for (int code : codes)
                checkClassification(code);
            for (int characteristic : cva)
                checkCleanVehicleValue(characteristic, first(characteristic, { { RamNs, u"Value"_sv } }));
        }
        if (!vehicleLine)
            reportMissingVehicleLine();
        for (int agreement : all(tx, { { RamNs, u"ApplicableHeaderTradeAgreement"_sv } })) {
            if (!anyWithContent(agreement,
                    { { RamNs, u"ContractReferencedDocument"_sv }, { RamNs, u"IssuerAssignedID"_sv } }))
                fail(agreement, u"BR-DE-CVD-01"_s, Severity::Fatal, u"BT-12"_s,
                    u"A clean-vehicles invoice needs the contract reference (BT-12)"_s);
            bool tender = false;
            for (int reference : all(agreement, { { RamNs, u"AdditionalReferencedDocument"_sv } })) {
                const std::vector<int> types = all(reference, { { RamNs, u"TypeCode"_sv } });
                const bool isTender = std::any_of(types.begin(), types.end(),
                    [this](int t) { return normalizeSpace(stringValue(t)) == u"50"_sv; });
                tender = tender
                    || (isTender && anyWithContent(reference, { { RamNs, u"IssuerAssignedID"_sv } }));
            }
            if (!tender)
                fail(agreement, u"BR-DE-CVD-02"_s, Severity::Fatal, u"BT-17"_s,
                    u"A clean-vehicles invoice needs the tender or lot reference (BT-17)"_s);
        }
    }
}

} // namespace ades::eu::xrechnung
