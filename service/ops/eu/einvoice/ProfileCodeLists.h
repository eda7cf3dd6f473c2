#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

namespace ades::eu {

// The code lists of a Factur-X profile (the facts of its FACTUR-X_<PROFILE>_codedb.xml) as ADES holds them:
// resources/einvoice/<file>, several named lists per file. The profile Schematron compares a value with a
// list exactly as written (no trimming, no case folding), and accepts an empty value.
//
// File format: '#' comments; `list: NAME` starts a list; its codes follow, separated by blanks; a line
// `same-as: OTHER` makes the list a copy of an earlier one of the same file.
class ProfileCodeLists
{
public:
    // The list, or nullptr when the file or the list does not exist. Files are read once per process.
    static const QSet<QString> *find(const QString &file, const QString &list);
    // Problems found while reading a file (empty when it is sound).
    static QStringList errors(const QString &file);
};

} // namespace ades::eu
