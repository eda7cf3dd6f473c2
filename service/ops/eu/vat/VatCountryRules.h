#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace ades::eu {

// Failure classes of a VAT ID check; the names follow the exception classes of python-stdnum, the reference
// library, plus `country` for a prefix that is no VAT country at all.
enum class VatIdError
{
    None,
    Format, // wrong characters or shape
    Length, // right characters, wrong count
    Checksum, // check digit(s) do not match
    Component, // a structural rule: "CY may not start with 12", IT office code, a birth date ...
    Country, // no known VAT country prefix
};

// What one country's rule says about a body (prefix stripped, separators removed, upper case).
struct VatRuleOutcome
{
    VatIdError error = VatIdError::None;
    // English, names the broken rule; empty when the generic message for the error class is enough.
    QString detail;
    // False when the format is fine but VIES cannot check the number (RO personal CNP, OSS ids).
    bool viesCheckable = true;
};

// One country's rule (VIES prefix, body, check) as python-stdnum's stdnum.<cc>.vat states it. The table is
// built once and is immutable, so it may be shared by threads.
struct VatCountryRule
{
    QString prefix; // prefix of the normalized form: "EL", "XI", "CH"
    QString iso; // ISO 3166 code: "GR" for EL; "XI" for Northern Ireland
    QString name; // "Greece"
    QStringList inputPrefixes; // prefixes accepted in input, stripped once: {"EL", "GR"}
    QString separators; // removed before the check (python-stdnum's set, per country)
    QString shape; // English description of the expected form, for messages
    bool viesMember = false; // the 27 member states and XI
    bool keepsPrefix = false; // CH: the rule checks "CHE..." including the prefix letters
    // May rewrite the body into its compact form (BE/EL legacy padding, NL leading zeros).
    VatRuleOutcome (*check)(QString &body) = nullptr;
};

// The rule for a two-letter prefix as written in input ("DE", "GR", "EL", "XI", "CH", "EU"), or nullptr.
const VatCountryRule *vatCountryRule(QStringView prefix);
// Every rule, VIES members first in prefix order.
const QList<VatCountryRule> &vatCountryRules();

} // namespace ades::eu
