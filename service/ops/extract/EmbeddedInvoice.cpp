#include "EmbeddedInvoice.h"

#include <QDate>
#include <cstring>
#include <pugixml.hpp>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

const char *localName(const pugi::xml_node &node)
{
    const char *name = node.name();
    const char *colon = std::strrchr(name, ':');
    return colon ? colon + 1 : name;
}

pugi::xml_node child(const pugi::xml_node &node, const char *name)
{
    for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling()) {
        if (c.type() == pugi::node_element && std::strcmp(localName(c), name) == 0)
            return c;
    }
    return {};
}

pugi::xml_node path(pugi::xml_node node, std::initializer_list<const char *> names)
{
    for (const char *n : names) {
        node = child(node, n);
        if (!node)
            return {};
    }
    return node;
}

QList<pugi::xml_node> children(const pugi::xml_node &node, const char *name)
{
    QList<pugi::xml_node> out;
    for (pugi::xml_node c = node.first_child(); c; c = c.next_sibling()) {
        if (c.type() == pugi::node_element && std::strcmp(localName(c), name) == 0)
            out.append(c);
    }
    return out;
}

QString text(const pugi::xml_node &node)
{
    return node ? QString::fromUtf8(node.child_value()).trimmed() : QString();
}

FieldValue exact(const QString &value)
{
    return value.isEmpty() ? FieldValue() : FieldValue { value, value, 1.0 };
}

QString ciiDate(const QString &yyyymmdd)
{
    const QDate d = QDate::fromString(yyyymmdd, u"yyyyMMdd"_s);
    return d.isValid() ? d.toString(Qt::ISODate) : yyyymmdd;
}

DocumentFields fromCii(const pugi::xml_node &root)
{
    DocumentFields f;
    const pugi::xml_node transaction = child(root, "SupplyChainTradeTransaction");
    const pugi::xml_node seller = path(transaction, { "ApplicableHeaderTradeAgreement", "SellerTradeParty" });
    f.vendor = exact(text(child(seller, "Name")));
    for (const pugi::xml_node &reg : children(seller, "SpecifiedTaxRegistration")) {
        const pugi::xml_node id = child(reg, "ID");
        if (QString::fromUtf8(id.attribute("schemeID").value()) == u"VA"_s) {
            f.vendorVatId = exact(text(id));
            break;
        }
    }
    const QString issued = text(path(root, { "ExchangedDocument", "IssueDateTime", "DateTimeString" }));
    if (!issued.isEmpty())
        f.date = FieldValue { ciiDate(issued), issued, 1.0 };
    const pugi::xml_node settlement = child(transaction, "ApplicableHeaderTradeSettlement");
    f.currency = exact(text(child(settlement, "InvoiceCurrencyCode")));
    f.total = exact(
        text(path(settlement, { "SpecifiedTradeSettlementHeaderMonetarySummation", "GrandTotalAmount" })));
    for (const pugi::xml_node &tax : children(settlement, "ApplicableTradeTax")) {
        f.vat.append(VatRow { text(child(tax, "RateApplicablePercent")), text(child(tax, "BasisAmount")),
            text(child(tax, "CalculatedAmount")), 1.0 });
    }
    for (const pugi::xml_node &line : children(transaction, "IncludedSupplyChainTradeLineItem")) {
        f.items.append(LineItem { text(path(line, { "SpecifiedTradeProduct", "Name" })),
            text(path(line, { "SpecifiedLineTradeDelivery", "BilledQuantity" })),
            text(path(line,
                { "SpecifiedLineTradeSettlement", "SpecifiedTradeSettlementLineMonetarySummation",
                    "LineTotalAmount" })),
            1.0 });
    }
    return f;
}

DocumentFields fromUbl(const pugi::xml_node &root)
{
    DocumentFields f;
    const pugi::xml_node party = path(root, { "AccountingSupplierParty", "Party" });
    QString name = text(path(party, { "PartyLegalEntity", "RegistrationName" }));
    if (name.isEmpty())
        name = text(path(party, { "PartyName", "Name" }));
    f.vendor = exact(name);
    f.vendorVatId = exact(text(path(party, { "PartyTaxScheme", "CompanyID" })));
    f.date = exact(text(child(root, "IssueDate")));
    f.currency = exact(text(child(root, "DocumentCurrencyCode")));
    f.total = exact(text(path(root, { "LegalMonetaryTotal", "TaxInclusiveAmount" })));
    for (const pugi::xml_node &taxTotal : children(root, "TaxTotal")) {
        for (const pugi::xml_node &sub : children(taxTotal, "TaxSubtotal")) {
            f.vat.append(VatRow { text(path(sub, { "TaxCategory", "Percent" })),
                text(child(sub, "TaxableAmount")), text(child(sub, "TaxAmount")), 1.0 });
        }
    }
    const bool credit = std::strcmp(localName(root), "CreditNote") == 0;
    for (const pugi::xml_node &line : children(root, credit ? "CreditNoteLine" : "InvoiceLine")) {
        f.items.append(LineItem { text(path(line, { "Item", "Name" })),
            text(child(line, credit ? "CreditedQuantity" : "InvoicedQuantity")),
            text(child(line, "LineExtensionAmount")), 1.0 });
    }
    return f;
}

} // namespace

std::optional<DocumentFields> EmbeddedInvoice::read(const QByteArray &xml)
{
    if (xml.isEmpty() || xml.size() > MaxBytes || xml.contains("<!DOCTYPE"))
        return std::nullopt;
    pugi::xml_document document;
    // parse_default leaves DOCTYPE nodes out and expands only the five predefined entities.
    const pugi::xml_parse_result parsed
        = document.load_buffer(xml.constData(), size_t(xml.size()), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed)
        return std::nullopt;
    const pugi::xml_node root = document.document_element();
    const char *name = localName(root);
    std::optional<DocumentFields> fields;
    if (std::strcmp(name, "CrossIndustryInvoice") == 0)
        fields = fromCii(root);
    else if (std::strcmp(name, "Invoice") == 0 || std::strcmp(name, "CreditNote") == 0)
        fields = fromUbl(root);
    if (fields)
        fields->source = u"embedded_xml"_s;
    return fields;
}

} // namespace ades::extract
