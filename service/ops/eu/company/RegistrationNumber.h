#pragma once

#include "core/Result.h"

#include <QString>

namespace ades::eu {

// The registration numbers of the covered company registers: their official written form and their check
// digits, so that an impossible number is refused (422) before a register is asked about it. Pure and
// thread-safe.
//
// | country | number | rule |
// |---|---|---|
// | NO | organisasjonsnummer, 9 digits | mod 11, weights 3 2 7 6 5 4 3 2 |
// | CZ | IČO, 8 digits (shorter ones left-padded) | mod 11, weights 8..2 (ARES checks only the format) |
// | SK | IČO, 8 digits (shorter ones left-padded) | the same mod 11 as CZ (one Czechoslovak scheme) |
// | FI | Y-tunnus, 7 digits, dash, check digit | mod 11, weights 7 9 10 5 8 4 2 |
// | FR | SIREN, 9 digits (a 14-digit SIRET gives its SIREN) | Luhn |
// | PL | KRS, 10 digits (shorter ones left-padded) | none: the KRS number has no check digit |
class RegistrationNumber
{
public:
    // The number in the register's official form ("0112038-9", "0000028860"), or a 422 whose param is
    // `field`. Spaces, dots, dashes and slashes are accepted as separators. `country` must be covered.
    static Result<QString> normalize(const QString &country, const QString &input, const QString &field);
    // The number's name in its register ("organisasjonsnummer"); empty for a country not covered.
    static QString numberType(const QString &country);
};

} // namespace ades::eu
