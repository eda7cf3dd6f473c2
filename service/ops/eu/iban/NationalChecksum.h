#pragma once

#include <QString>

namespace ades::eu {

class BankRegistry;
struct IbanCountrySpec;

enum class CheckStatus
{
    NotChecked,
    Ok,
    Failed,
};

struct NationalCheckResult
{
    CheckStatus status = CheckStatus::NotChecked;
    // Which algorithm decided: "BE", "FR", "DE:13"; empty when none applied.
    QString method;
    // Why nothing was checked, in English; empty when checked or when the country has no check digits.
    QString reason;
};

// National check digits inside the BBAN, as the schwifty library implements them. Pure and thread-safe.
class NationalChecksum
{
public:
    // bban must already match the country's structure (digits where the spec says n). banks is consulted
    // for DE only (the Bundesbank method of the bank code); nullptr leaves DE unchecked.
    static NationalCheckResult verify(
        const IbanCountrySpec &spec, const QString &bban, const BankRegistry *banks);
};

} // namespace ades::eu
