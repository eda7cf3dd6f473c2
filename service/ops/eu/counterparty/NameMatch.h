#pragma once

#include <QString>
#include <QStringList>

namespace ades::eu {

// Compares organisation names the way a person reading two documents would: script, accents, case,
// punctuation and the spelling of legal forms do not count ("Fraport AG" = "FRAPORT Aktiengesellschaft"),
// and a name that is the other one plus more words is the same company written out ("Fraport AG" ~
// "Fraport AG Frankfurt Airport Services Worldwide"). Uses the sanctions screening's NameNormalizer with
// its built-in tables. Pure and thread-safe.
class NameMatch
{
public:
    enum class Level
    {
        Different,
        Similar, // the significant words of one name are all among the other's
        Same, // the same significant words
    };

    static Level compare(const QString &a, const QString &b);
    // The best level of `name` against any of `candidates`.
    static Level best(const QString &name, const QStringList &candidates);
    // A key equal for names that differ only in script, accents, case and punctuation: two names with the
    // same key need not be screened twice.
    static QString key(const QString &name);
    static QString levelName(Level level); // "same", "similar", "different"
};

} // namespace ades::eu
