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

// Why the document is not read in the encoding it declares, or nullopt. ADES reads UTF-8 (with or without
// byte order mark) and UTF-16 (byte order mark, or a zero byte in the first two); the XML declaration may
// name either, in any case ("utf-8", "UTF-16LE"), US-ASCII for pure ASCII, or no encoding. Any other
// (ISO-8859-1, windows-1252 ...) is refused rather than read as something it is not, and so is a
// declaration that contradicts the bytes. Reads at most the first 1 KiB, except for a declared US-ASCII.
std::optional<QString> encodingProblem(const QByteArray &input);

// Whether the bytes are worth reading as XML rather than as another container (a PDF): '<' after an optional
// UTF-8 byte order mark and white space, or a UTF-16 byte order mark.
bool looksLikeXml(const QByteArray &bytes);

// The document as UTF-8 with any byte order mark removed: UTF-8 input as it is (`utf8` shares it), UTF-16
// decoded. Returns the reason when encodingProblem() has one, when the input is not valid in its encoding,
// or when it holds a character XML does not allow (control characters other than tab, LF and CR; U+FFFE,
// U+FFFF).
std::optional<QString> readAsUtf8(const QByteArray &input, QByteArray &utf8);

// An upper bound of the number of elements: '<' followed by a name (also counted inside comments and
// CDATA, which only overcounts). Lets a parser refuse a document before allocating a node per element.
qsizetype countStartTags(QByteArrayView text);

} // namespace ades::eu::xml
