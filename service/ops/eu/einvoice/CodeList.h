#pragma once

#include <QByteArray>
#include <QSet>
#include <QString>
#include <QStringList>

namespace ades::eu {

// One code list of the CEN artefact as ADES holds it (resources/einvoice/<name>.txt): every list is the
// artefact's complete list, so a value is either one of its codes or the official BR-CL failure.
//
// File format: '#' comments; the directive `list: NAME`; codes separated by blanks.
class CodeList
{
public:
    enum class Verdict
    {
        Listed, // a code of the list: no finding
        Rejected, // not a code of the list: the official BR-CL finding
    };

    static CodeList parse(const QByteArray &text);
    // The list in :/einvoice/<name>.txt, loaded once per process. "uncl1001-cii" is the union of the
    // invoice and credit note lists, as CII binds BT-3 to both. An unknown or unreadable list is empty and
    // says so in errors().
    static const CodeList &named(const QString &name);

    // The artefact compares normalize-space(value) against a blank-separated list, so an empty value or one
    // with inner blanks never matches.
    Verdict verdict(const QString &value) const;

    QString name() const { return m_name; }
    const QSet<QString> &codes() const { return m_codes; }
    // Problems of the file (unknown directives, a missing list): empty when the file is sound.
    QStringList errors() const;

    // Both lists' codes.
    CodeList united(const CodeList &other) const;
    // The same list compared case-insensitively (VATEX): codes and values upper-cased.
    CodeList upperCased() const;

private:
    QString m_name;
    QSet<QString> m_codes;
    bool m_upper = false;
    QStringList m_errors;
};

} // namespace ades::eu
