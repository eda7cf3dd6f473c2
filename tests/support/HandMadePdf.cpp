#include "HandMadePdf.h"

#include <QtEndian>

namespace ades::test {

int HandMadePdf::add(const QByteArray &body)
{
    m_bodies.append(body);
    return int(m_bodies.size());
}

QByteArray HandMadePdf::stream(const QByteArray &dictionaryEntries, const QByteArray &data)
{
    return "<< " + dictionaryEntries + " /Length " + QByteArray::number(data.size()) + " >>\nstream\n" + data
        + "\nendstream";
}

QByteArray HandMadePdf::deflate(const QByteArray &data)
{
    return qCompress(data, 9).mid(4); // qCompress puts the length in front of the zlib stream
}

QByteArray HandMadePdf::objects(QList<qsizetype> &offsets) const
{
    QByteArray out = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
    for (qsizetype i = 0; i < m_bodies.size(); ++i) {
        offsets.append(out.size());
        out += QByteArray::number(i + 1) + " 0 obj\n" + m_bodies.at(i) + "\nendobj\n";
    }
    return out;
}

QByteArray HandMadePdf::withXrefTable(int root) const
{
    QList<qsizetype> offsets;
    QByteArray out = objects(offsets);
    const qsizetype xref = out.size();
    out += "xref\n0 " + QByteArray::number(offsets.size() + 1) + "\n0000000000 65535 f \n";
    for (qsizetype offset : std::as_const(offsets))
        out += QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    out += "trailer\n<< /Size " + QByteArray::number(offsets.size() + 1) + " /Root "
        + QByteArray::number(root) + " 0 R >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
    return out;
}

QByteArray HandMadePdf::withXrefStream(int root, const QByteArray &predictorParms) const
{
    QList<qsizetype> offsets;
    QByteArray out = objects(offsets);
    const qsizetype xref = out.size();
    offsets.append(xref); // the cross-reference stream is the last object
    const bool png = predictorParms.contains("/Predictor");
    const auto row = [png](quint8 type, quint32 field2, quint16 field3) {
        QByteArray r;
        if (png)
            r.append('\0'); // PNG "None" row tag
        r.append(char(type));
        quint32 be2 = qToBigEndian(field2);
        r.append(reinterpret_cast<const char *>(&be2), 4);
        quint16 be3 = qToBigEndian(field3);
        r.append(reinterpret_cast<const char *>(&be3), 2);
        return r;
    };
    QByteArray rows = row(0, 0, 0xffff);
    for (qsizetype offset : std::as_const(offsets))
        rows += row(1, quint32(offset), 0);
    QByteArray entries = "/Type /XRef /Size " + QByteArray::number(offsets.size() + 1) + " /W [1 4 2] /Root "
        + QByteArray::number(root) + " 0 R /Filter /FlateDecode";
    if (!predictorParms.isEmpty())
        entries += " /DecodeParms " + predictorParms;
    out += QByteArray::number(offsets.size()) + " 0 obj\n" + stream(entries, deflate(rows)) + "\nendobj\n";
    out += "startxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
    return out;
}

QByteArray facturXWithRawStream(const QByteArray &filterEntries, const QByteArray &encoded)
{
    HandMadePdf pdf;
    const int catalog
        = pdf.add("<< /Type /Catalog /Pages 2 0 R /AF [3 0 R] /Names << /EmbeddedFiles << /Names "
                  "[(factur-x.xml) 3 0 R] >> >> >>");
    pdf.add("<< /Type /Pages /Kids [] /Count 0 >>");
    pdf.add("<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Alternative /EF << /F "
            "4 0 R >> >>");
    pdf.add(HandMadePdf::stream("/Type /EmbeddedFile /Subtype /text#2Fxml " + filterEntries, encoded));
    return pdf.withXrefTable(catalog);
}

} // namespace ades::test
