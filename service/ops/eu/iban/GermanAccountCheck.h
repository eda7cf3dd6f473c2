#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace ades::eu {

// German account check digits ("Prüfzifferberechnungsmethoden" of the Deutsche Bundesbank). Every bank code
// names one of ~150 methods (banks/de.json checksum_algo). Only methods implemented here AND covered by
// published test accounts are applied (a DE failure counts only for an implemented, tested method); every
// other method, and method 09 ("no check digit"), yields "not checked".
class GermanAccountCheck
{
public:
    // account: the 10-digit account code of the BBAN. nullopt: not checked (unknown or unimplemented
    // method, method 09, or an account the method exempts).
    static std::optional<bool> verify(const QString &method, const QString &account);
    static bool isImplemented(const QString &method);
    static QStringList implementedMethods();
};

} // namespace ades::eu
