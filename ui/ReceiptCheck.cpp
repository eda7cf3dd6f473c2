#include "ReceiptCheck.h"

#include "host/ServiceHost.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace ades::ui {

ReceiptCheck::ReceiptCheck(const ServiceHost &host)
    : m_host(host)
{ }

ReceiptCheck::Outcome ReceiptCheck::check(const QByteArray &json) const
{
    return describe(m_host.verifyReceipt(json));
}

ReceiptCheck::Outcome ReceiptCheck::describe(const ReceiptVerdict &verdict)
{
    Outcome outcome;
    outcome.verdict = verdict;
    if (!verdict.usable) {
        outcome.style = Style::NotReceipt;
        outcome.headline = tr("Not a receipt");
        outcome.summary = tr("The input is not a JSON result carrying a receipt.");
    } else if (verdict.valid) {
        outcome.style = Style::Valid;
        outcome.headline = tr("Valid receipt");
        outcome.summary = verdict.expired
            ? tr("Authentic and unaltered, but past its validity period.")
            : tr("The result is unaltered and the signature matches the issuer.");
    } else {
        outcome.style = Style::Invalid;
        outcome.headline = tr("Invalid receipt");
        outcome.summary = tr("Do not rely on this result: see the problems below.");
    }
    for (const QString &code : verdict.problems)
        outcome.problems.append(describeProblem(code));
    return outcome;
}

QString ReceiptCheck::styleSheet(Style style)
{
    switch (style) {
    case Style::Valid:
        return u"QLabel { color: #1b5e20; background: #e8f5e9; border: 1px solid #81c784; border-radius: 6px; }"_s;
    case Style::Invalid:
        return u"QLabel { color: #b71c1c; background: #ffebee; border: 1px solid #e57373; border-radius: 6px; }"_s;
    case Style::NotReceipt:
        return u"QLabel { color: #424242; background: #f5f5f5; border: 1px solid #bdbdbd; border-radius: 6px; }"_s;
    case Style::None:
        break;
    }
    return u"QLabel { color: palette(placeholder-text); border: 1px dashed palette(mid); border-radius: 6px; }"_s;
}

QString ReceiptCheck::describeProblem(const QString &code)
{
    // Codes are the verifier's stable vocabulary (receipts/ReceiptVerifier.h, the same as POST /verify); the
    // sentence is for the operator, the code stays in the tooltip for bug reports.
    static const QHash<QString, const char *> sentences {
        { u"not_json"_s, QT_TR_NOOP("The input is not valid JSON.") },
        { u"not_object"_s, QT_TR_NOOP("The input is not a JSON object.") },
        { u"no_receipt"_s, QT_TR_NOOP("The result carries no receipt.") },
        { u"receipt_not_object"_s, QT_TR_NOOP("The receipt is not a JSON object.") },
        { u"receipt_copies_differ"_s,
            QT_TR_NOOP("The receipt and extensions.delivery-receipt are not the same.") },
        { u"unknown_standard"_s, QT_TR_NOOP("The receipt names a standard this service does not know.") },
        { u"result_hash_mismatch"_s, QT_TR_NOOP("The result was changed after it was signed.") },
        { u"signed_message_mismatch"_s,
            QT_TR_NOOP("The signed message does not match the other receipt fields.") },
        { u"bad_signature"_s, QT_TR_NOOP("The signature is malformed or recovers to no key.") },
        { u"signature_issuer_mismatch"_s,
            QT_TR_NOOP("The signature was made by a different key than the issuer.") },
        { u"issuer_key_mismatch"_s, QT_TR_NOOP("The issuer key does not belong to the issuer address.") },
        { u"key_id_mismatch"_s, QT_TR_NOOP("The key id does not name the issuer.") },
        { u"validity_window_inverted"_s, QT_TR_NOOP("The receipt expires before it was issued.") },
        { u"signature_v_not_27_or_28"_s,
            QT_TR_NOOP("The signature does not end in 27 or 28, as EIP-191 receipts are signed.") },
    };
    // Codes with a field name after the colon: missing_field:<name>, invalid_timestamp:<name>,
    // unknown_field:<name>, duplicate_key:<JSON pointer>.
    const qsizetype colon = code.indexOf(u':');
    if (colon > 0) {
        const QString kind = code.left(colon);
        const QString field = code.mid(colon + 1);
        if (kind == u"missing_field"_s)
            return tr("The field %1 is missing or not a string.").arg(field);
        if (kind == u"invalid_timestamp"_s)
            return tr("The field %1 is not an ISO 8601 date-time with a time zone.").arg(field);
        if (kind == u"unknown_field"_s)
            return tr("The receipt has a field %1 that its standard does not define; nothing signs it.")
                .arg(field);
        if (kind == u"duplicate_key"_s)
            return tr("The JSON repeats the name at %1; readers disagree on which value counts.").arg(field);
    }
    const auto it = sentences.constFind(code);
    return it == sentences.constEnd() ? code : tr(it.value());
}

} // namespace ades::ui
