#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <optional>

// The bytes of an XML document before any tree is built: decoded to checked UTF-8, and positions in it
// for error messages. XmlDocument's parser reads bytes and would accept what XML forbids, so every
// character is checked here first.
namespace ades::eu::xml {

// A place in a document, counted from 1; line ends as XML counts them: LF, CR LF and a lone CR.
struct Position
{
    int line = 1;
    qsizetype column = 1;
};

Position positionOf(QByteArrayView text, qsizetype offset);
// "line L, column C"
QString at(QByteArrayView text, qsizetype offset);
// "line L, column C: the XML is not well-formed: REASON"
QString notWellFormed(QByteArrayView text, qsizetype offset, const QString &reason);

// The document as UTF-8 with any byte order mark removed: UTF-8 input as it is (`utf8` shares it),
// everything else decoded with Qt (UTF-16, Latin-1, windows-1252, ISO-8859-15...). Returns the reason when
// the input is not valid in its encoding, names an unknown one, or holds a character XML does not allow
// (control characters other than tab, LF and CR; U+FFFE, U+FFFF).
std::optional<QString> readAsUtf8(const QByteArray &input, QByteArray &utf8);

// An upper bound of the number of elements: '<' followed by a name (also counted inside comments and
// CDATA, which only overcounts). Lets a parser refuse a document before allocating a node per element.
qsizetype countStartTags(QByteArrayView text);

} // namespace ades::eu::xml
