#include "StoreSamples.h"

using namespace Qt::StringLiterals;

namespace ades::test {

QDateTime storeTestTime()
{
    return QDateTime(QDate(2025, 3, 14), QTime(9, 30), Qt::UTC);
}

StoredReceipt sampleReceipt(const QString &resultHash, const QString &subject)
{
    StoredReceipt receipt;
    // Stands in for the receipt's signature: distinct per hash and subject, as a real one per signed message.
    receipt.signature = u"0xsig-%1-%2"_s.arg(resultHash.mid(2), subject);
    receipt.resultHash = resultHash;
    receipt.operationId = u"eu.vat.check"_s;
    receipt.subject = subject;
    receipt.channel = u"key"_s;
    receipt.issuedAt = storeTestTime();
    receipt.validUntil = storeTestTime().addDays(365);
    receipt.issuer = u"ADES"_s;
    receipt.receiptJson = R"({"standard":"service-receipt/2","subject":")" + subject.toUtf8() + R"("})";
    return receipt;
}

QString resultHashOf(int serial)
{
    return u"0x%1"_s.arg(serial, 64, 16, QChar(u'0'));
}

} // namespace ades::test
