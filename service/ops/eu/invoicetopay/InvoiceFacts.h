#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace ades::eu {

struct InvoiceModel;

// One payment account of the invoice (BG-16), as the dossier compares it.
struct PayeeAccount
{
    QString meansCode; // BT-81 ("30", "58" ...)
    QString account; // BT-84, electronic form (whitespace removed, upper case)
};

// The business terms an invoice-to-pay decision reads, taken from the validator's semantic model (so UBL
// and CII agree). Never holds more of the document than the dossier needs. Pure.
struct InvoiceFacts
{
    QString invoiceNumber; // BT-1: hashed in the result, never returned
    QString issueDate; // BT-2
    QString typeCode; // BT-3
    QString currency; // BT-5, upper case
    QString dueDate; // BT-9
    QString purchaseOrderReference; // BT-13
    QString taxPointDate; // BT-7
    QString deliveryDate; // BT-72
    QString sellerName; // BT-27
    QString sellerVatId; // BT-31, compact upper case
    QString sellerCountry; // BT-40
    QString buyerName; // BT-44
    QString buyerVatId; // BT-48, compact upper case
    QString buyerCountry; // BT-55
    QString payeeName; // BT-59; empty when the seller is paid
    QString payableAmount; // BT-115 as written
    QList<PayeeAccount> accounts; // BG-16 with a BT-84
    QStringList paymentMeansCodes; // every BT-81
    QStringList vatCategories; // BT-118 of each BG-23, in order, without repeats

    static InvoiceFacts of(const InvoiceModel &model);
    // The date the VAT rules are asked for: BT-7, else BT-72, else BT-2 (the supply's date is unknown to
    // EN 16931 otherwise).
    QString supplyDate() const;
    // The country a VAT ID's prefix names (EL -> GR, XI kept); empty when `vatId` has no letter prefix.
    static QString countryOfVatId(const QString &vatId);
};

} // namespace ades::eu
