#include "IbanCheck.h"

#include "BankRegistry.h"
#include "IbanValidator.h"
#include "core/CanonicalWriter.h"

#include <QJsonValue>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

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

JsonBody ibanCheckResult(const IbanAnalysis &a, const IbanValidator &validator)
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

    // Written as canonical text, members in key order (core/CanonicalWriter): the key channel hashes and
    // sends these bytes as they are; MCP and the console parse them only when they need the object.
    const auto stringOrNull = [](CanonicalWriter &out, const QString &text) -> CanonicalWriter & {
        return text.isEmpty() ? out.null() : out.string(text);
    };
    CanonicalWriter out(1536);
    out.beginObject();
    if (bankCodeUsable)
        stringOrNull(out.key("bank_code"), a.bankCode);
    else
        out.key("bank_code").null();
    if (bank)
        stringOrNull(out.key("bank_name"), bank->name);
    else
        out.key("bank_name").null();
    out.key("bank_registry_checked").boolean(registryChecked);
    out.key("bank_registry_note").string(note);
    stringOrNull(out.key("bban"), a.bban);
    if (bank)
        stringOrNull(out.key("bic"), bank->bic);
    else
        out.key("bic").null();
    if (bankCodeUsable)
        stringOrNull(out.key("branch_code"), a.branchCode);
    else
        out.key("branch_code").null();
    stringOrNull(out.key("check_digits"), a.checkDigits);
    out.key("checks").beginObject();
    out.key("iban_checksum").string(statusName(a.ibanChecksum));
    out.key("national_checksum").string(statusName(a.national.status));
    stringOrNull(out.key("national_checksum_method"), a.national.method);
    out.key("structure").string(statusName(a.structure));
    out.endObject();
    if (knownCountry)
        out.key("country").string(a.country);
    else
        out.key("country").null();
    out.key("disclaimer")
        .string("Validates structure and check digits only; does not prove that the account exists or who "
                "owns it."_L1);
    out.key("formatted").string(a.formatted);
    out.key("input").string(a.input);
    // docs/interface.md §7 reserves `error` for failed calls; an invalid IBAN is a successful check.
    stringOrNull(out.key("invalid_reason"), a.errorCode());
    out.key("length").integer(a.length);
    out.key("message").string(a.message);
    out.key("qr_iban").boolean(a.qrIban);
    if (knownCountry)
        out.key("sepa").boolean(*a.sepa);
    else
        out.key("sepa").null();
    out.key("valid").boolean(a.isValid());
    out.endObject();
    return JsonBody::fromCanonical(out.take());
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
