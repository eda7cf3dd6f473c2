#pragma once

#include <QByteArray>
#include <QList>

namespace ades::test {

// A PDF written byte by byte from object bodies, for documents a PDF library would not write: hostile decode
// parameters, a cross-reference stream with any /DecodeParms. Small enough to read in a test failure.
class HandMadePdf
{
public:
    // Adds the next object ("<< /Type /Catalog ... >>", or a stream()); returns its number.
    int add(const QByteArray &body);
    // A stream object body: `dictionaryEntries` plus /Length, then `data` as is.
    static QByteArray stream(const QByteArray &dictionaryEntries, const QByteArray &data);
    // zlib (RFC 1950) data, as /FlateDecode expects it.
    static QByteArray deflate(const QByteArray &data);

    // The file with a classic cross-reference table and `root` as /Root.
    QByteArray withXrefTable(int root) const;
    // The file with a cross-reference stream (PDF 1.5) instead: rows of 7 bytes (/W [1 4 2]), deflated,
    // with `predictorParms` as its /DecodeParms (empty: none; with /Predictor 12 each row gets the PNG tag
    // 0 and must declare /Columns 7 to be read back).
    QByteArray withXrefStream(int root, const QByteArray &predictorParms = {}) const;

private:
    QByteArray objects(QList<qsizetype> &offsets) const;

    QList<QByteArray> m_bodies;
};

// An embedded-files PDF around one factur-x.xml attachment whose stream holds `encoded` with `filterEntries`
// ("/Filter /FlateDecode /DecodeParms << ... >>") as given: nothing is checked or re-encoded.
QByteArray facturXWithRawStream(const QByteArray &filterEntries, const QByteArray &encoded);

} // namespace ades::test
