#include "IbanCheck.h"

#include "BankRegistry.h"
#include "IbanValidator.h"
#include "core/JsonShape.h"

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

    // Shapes built once (core/JsonShape.h): filling keys already there is most of a result's cost saved.
    static const QJsonObject checksShape = jsonShape(
        { u"structure"_s, u"iban_checksum"_s, u"national_checksum"_s, u"national_checksum_method"_s });
    QJsonObject checks = checksShape;
    checks[u"structure"_s] = statusName(a.structure);
    checks[u"iban_checksum"_s] = statusName(a.ibanChecksum);
    checks[u"national_checksum"_s] = statusName(a.national.status);
    checks[u"national_checksum_method"_s] = stringOrNull(a.national.method);

    static const QJsonObject resultShape = jsonShape({ u"valid"_s, u"input"_s, u"country"_s, u"length"_s,
        u"formatted"_s, u"bban"_s, u"check_digits"_s, u"bank_registry_checked"_s, u"bank_code"_s,
        u"branch_code"_s, u"bic"_s, u"bank_name"_s, u"bank_registry_note"_s, u"invalid_reason"_s,
        u"message"_s, u"checks"_s, u"sepa"_s, u"qr_iban"_s, u"disclaimer"_s });
    const QJsonValue null(QJsonValue::Null);
    QJsonObject result = resultShape;
    result[u"valid"_s] = a.isValid();
    result[u"input"_s] = a.input;
    result[u"country"_s] = knownCountry ? QJsonValue(a.country) : null;
    result[u"length"_s] = a.length;
    result[u"formatted"_s] = a.formatted;
    result[u"bban"_s] = stringOrNull(a.bban);
    result[u"check_digits"_s] = stringOrNull(a.checkDigits);
    result[u"bank_registry_checked"_s] = registryChecked;
    result[u"bank_code"_s] = bankCodeUsable ? stringOrNull(a.bankCode) : null;
    result[u"branch_code"_s] = bankCodeUsable ? stringOrNull(a.branchCode) : null;
    result[u"bic"_s] = bank ? stringOrNull(bank->bic) : null;
    result[u"bank_name"_s] = bank ? stringOrNull(bank->name) : null;
    result[u"bank_registry_note"_s] = note;
    // docs/interface.md §7 reserves `error` for failed calls; an invalid IBAN is a successful check.
    result[u"invalid_reason"_s] = stringOrNull(a.errorCode());
    result[u"message"_s] = a.message;
    result[u"checks"_s] = checks;
    result[u"sepa"_s] = knownCountry ? QJsonValue(*a.sepa) : null;
    result[u"qr_iban"_s] = a.qrIban;
    result[u"disclaimer"_s]
        = u"Validates structure and check digits only; does not prove that the account exists or who owns it."_s;
    return result;
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
