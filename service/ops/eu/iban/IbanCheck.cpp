#include "IbanCheck.h"

#include "BankRegistry.h"
#include "IbanValidator.h"

#include <QJsonValue>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QJsonValue stringOrNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

QString statusName(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Ok:
        return u"ok"_s;
    case CheckStatus::Failed:
        return u"failed"_s;
    case CheckStatus::NotChecked:
        break;
    }
    return u"not_checked"_s;
}

QString snapshotPhrase(const BankRegistry &banks, const QString &country)
{
    const QString date = banks.snapshotDate(country);
    return date.isEmpty()
        ? u"bundled %1 bank registry (snapshot date not stated by the source)"_s.arg(country)
        : u"bundled %1 bank registry, snapshot of %2"_s.arg(country, date);
}

} // namespace

QJsonObject ibanCheckResult(const IbanAnalysis &a, const IbanValidator &validator)
{
    const BankRegistry &banks = validator.banks();
    const bool knownCountry = a.sepa.has_value();
    // A bank code is trustworthy only once structure and mod 97 agree; a typo may sit in the bank code.
    const bool bankCodeUsable = a.checksumAndStructureOk() && !a.bankLookupKey.isEmpty();
    const bool registryChecked = bankCodeUsable && banks.hasCountry(a.country);
    const std::optional<BankInfo> bank = registryChecked ? validator.lookupBank(a) : std::nullopt;

    QString note;
    if (!a.checksumAndStructureOk())
        note = u"bank registry not consulted: the IBAN's structure or check digits are wrong"_s;
    else if (a.bankLookupKey.isEmpty())
        note = u"the IBAN registry gives no bank code position for %1"_s.arg(a.country);
    else if (!registryChecked)
        note = u"no bank registry for %1"_s.arg(a.country);
    else if (!bank)
        note = u"bank code not in the registry: unknown bank, not an invalid IBAN (%1)"_s.arg(
            snapshotPhrase(banks, a.country));
    else if (bank->bic.isEmpty())
        note = u"bank found in the %1; the registry lists no BIC for it"_s.arg(
            snapshotPhrase(banks, a.country));
    else if (!bank->primary)
        note = u"bank found in the %1; BIC from a secondary entry (none is marked primary)"_s.arg(
            snapshotPhrase(banks, a.country));
    else
        note = u"bank found in the %1"_s.arg(snapshotPhrase(banks, a.country));

    QJsonObject checks {
        { u"structure"_s, statusName(a.structure) },
        { u"iban_checksum"_s, statusName(a.ibanChecksum) },
        { u"national_checksum"_s, statusName(a.national.status) },
        { u"national_checksum_method"_s, stringOrNull(a.national.method) },
    };

    return QJsonObject {
        { u"valid"_s, a.isValid() },
        { u"input"_s, a.input },
        { u"country"_s, knownCountry ? QJsonValue(a.country) : QJsonValue(QJsonValue::Null) },
        { u"length"_s, a.length },
        { u"formatted"_s, a.formatted },
        { u"bban"_s, stringOrNull(a.bban) },
        { u"check_digits"_s, stringOrNull(a.checkDigits) },
        { u"bank_registry_checked"_s, registryChecked },
        { u"bank_code"_s, bankCodeUsable ? stringOrNull(a.bankCode) : QJsonValue(QJsonValue::Null) },
        { u"branch_code"_s, bankCodeUsable ? stringOrNull(a.branchCode) : QJsonValue(QJsonValue::Null) },
        { u"bic"_s, bank ? stringOrNull(bank->bic) : QJsonValue(QJsonValue::Null) },
        { u"bank_name"_s, bank ? stringOrNull(bank->name) : QJsonValue(QJsonValue::Null) },
        { u"bank_registry_note"_s, note },
        // docs/interface.md §7 reserves `error` for failed calls; an invalid IBAN is a successful check.
        { u"invalid_reason"_s, stringOrNull(a.errorCode()) },
        { u"message"_s, a.message },
        { u"checks"_s, checks },
        { u"sepa"_s, knownCountry ? QJsonValue(*a.sepa) : QJsonValue(QJsonValue::Null) },
        { u"qr_iban"_s, a.qrIban },
        { u"disclaimer"_s,
            u"Validates structure and check digits only; does not prove that the account exists or who owns it."_s },
    };
}

Handler makeIbanCheckHandler()
{
    // Built here, at registration, so the bundled registries (~80 ms of JSON parsing, BenchIban) load at
    // start-up instead of stalling the first call's thread. The validator is immutable: shared by all calls.
    auto validator = std::make_shared<const IbanValidator>();
    return [validator](const QJsonObject &arguments, const CallContext &, Completion done) {
        const QJsonValue iban = arguments.value(u"iban"_s);
        // The input schema already rejects this; kept so a direct call cannot crash or mislead.
        if (!iban.isString())
            return done(
                ServiceError::unprocessable(u"invalid_argument"_s, u"iban: must be a string"_s, u"iban"_s));
        const IbanAnalysis analysis = validator->analyse(iban.toString());
        // The country is set once the shape is right; before that the normalized form means nothing more.
        const QString subject = analysis.country.isEmpty() ? analysis.input : analysis.normalized;
        done(OperationResult { ibanCheckResult(analysis, *validator), subject });
    };
}

} // namespace ades::eu
