#include "InvoiceFacts.h"

#include "ops/eu/einvoice/InvoiceModel.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QString compact(const QString &text)
{
    QString out = text;
    out.remove(QRegularExpression(u"\\s"_s));
    return out.toUpper();
}

// CII writes dates as 102 (YYYYMMDD); UBL as ISO 8601. Results and the VAT rules take YYYY-MM-DD.
QString isoDate(const QString &text)
{
    const QString t = text.trimmed();
    static const QRegularExpression compactDate(u"^[0-9]{8}$"_s);
    if (compactDate.match(t).hasMatch())
        return t.left(4) + u'-' + t.mid(4, 2) + u'-' + t.mid(6, 2);
    return t;
}

} // namespace

InvoiceFacts InvoiceFacts::of(const InvoiceModel &m)
{
    InvoiceFacts f;
    f.invoiceNumber = m.invoiceNumber.value;
    f.issueDate = isoDate(m.issueDate.value);
    f.typeCode = m.typeCode.value;
    f.currency = m.currency.value.trimmed().toUpper();
    f.dueDate = isoDate(m.dueDate.value);
    f.purchaseOrderReference = m.purchaseOrderReference.value.trimmed();
    f.taxPointDate = isoDate(m.vatPointDate.value);
    f.deliveryDate = isoDate(m.actualDeliveryDate.value);
    f.sellerName = m.seller.name.value.simplified();
    f.sellerVatId = compact(m.seller.vatId.value);
    f.sellerCountry = m.seller.address.countryCode.value.trimmed().toUpper();
    f.buyerName = m.buyer.name.value.simplified();
    f.buyerVatId = compact(m.buyer.vatId.value);
    f.buyerCountry = m.buyer.address.countryCode.value.trimmed().toUpper();
    f.payeeName = m.payeeName.value.simplified();
    f.payableAmount = m.totals.payable.value.trimmed();
    for (const PaymentMeans &means : m.paymentMeans) {
        const QString code = means.typeCode.value.trimmed();
        if (!code.isEmpty())
            f.paymentMeansCodes.append(code);
        const QString account = compact(means.accountId.value);
        if (!account.isEmpty())
            f.accounts.append(PayeeAccount { code, account });
    }
    for (const VatBreakdown &b : m.vatBreakdowns) {
        const QString category = b.category.value.trimmed().toUpper();
        if (!category.isEmpty() && !f.vatCategories.contains(category))
            f.vatCategories.append(category);
    }
    return f;
}

QString InvoiceFacts::supplyDate() const
{
    for (const QString &d : { taxPointDate, deliveryDate, issueDate }) {
        if (!d.trimmed().isEmpty())
            return d.trimmed();
    }
    return {};
}

QString InvoiceFacts::countryOfVatId(const QString &vatId)
{
    static const QRegularExpression prefix(u"^([A-Z]{2})"_s);
    const QRegularExpressionMatch m = prefix.match(vatId);
    if (!m.hasMatch())
        return {};
    const QString code = m.captured(1);
    return code == u"EL"_s ? u"GR"_s : code;
}

} // namespace ades::eu
