#pragma once

#include <QByteArray>
#include <QRegularExpression>
#include <QSet>
#include <QString>

namespace ades::eu {

// One code list of the CEN artefact as ADES holds it (resources/einvoice/<name>.txt), together with how
// far ADES' copy can decide a value. A complete list decides every value. A partial list (ADES does not
// have the artefact's full list) decides only with evidence: a listed code is valid; a code the official
// artefact rejected, or a value that cannot be a code of the list by its documented format, is invalid;
// anything else is undecided and must never be reported as the official rule's failure.
//
// File format: '#' comments; directives `list: NAME`, `coverage: complete|partial`, `format: REGEX`
// (anchored, for partial lists); codes separated by blanks; after a line `rejected:` the codes the
// artefact is known to reject.
class CodeList
{
public:
    enum class Coverage
    {
        Complete,
        Partial,
    };
    enum class Verdict
    {
        Listed, // a code of the list: no finding
        Rejected, // known not to be a code of the list: the official BR-CL finding
        Undecided, // partial list, well-formed, no evidence either way
    };

    static CodeList parse(const QByteArray &text);
    // The list in :/einvoice/<name>.txt, loaded once per process. "uncl1001-cii" is the union of the
    // invoice and credit note lists, as CII binds BT-3 to both. An unknown or unreadable list is an empty
    // partial list, so that it decides nothing rather than rejecting everything.
    static const CodeList &named(const QString &name);

    Verdict verdict(const QString &value) const;

    QString name() const { return m_name; }
    Coverage coverage() const { return m_coverage; }
    QString format() const { return m_format.pattern(); }
    const QSet<QString> &codes() const { return m_codes; }
    const QSet<QString> &rejectedCodes() const { return m_rejected; }
    // Tables that contradict themselves (a code both listed and rejected, a listed code outside the format,
    // a partial list without a format): empty when the file is sound.
    QStringList errors() const;

    // Both lists' codes; a code is known rejected only when both reject it; a value is well-formed when
    // either format accepts it.
    CodeList united(const CodeList &other) const;
    // The same list compared case-insensitively (VATEX): codes and values upper-cased.
    CodeList upperCased() const;

private:
    bool wellFormed(const QString &value) const;

    QString m_name;
    Coverage m_coverage = Coverage::Complete;
    QRegularExpression m_format;
    QSet<QString> m_codes;
    QSet<QString> m_rejected;
    bool m_upper = false;
    QStringList m_errors;
};

} // namespace ades::eu
