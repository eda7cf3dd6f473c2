#include "OcrOptions.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

QString imageName(OcrOptions::Image image)
{
    switch (image) {
    case OcrOptions::Image::Grey:
        return u"grey"_s;
    case OcrOptions::Image::Sauvola:
        return u"sauvola"_s;
    case OcrOptions::Image::BackgroundNorm:
        return u"bgnorm"_s;
    }
    return {};
}

} // namespace

QString OcrOptions::key() const
{
    QStringList parts;
    parts << (scaling == Scaling::Width ? u"width"_s : u"h%1"_s.arg(targetTextHeight));
    parts << imageName(image);
    parts << u"psm%1"_s.arg(pageSegmentation);
    if (preserveInterwordSpaces)
        parts << u"spaces"_s;
    if (secondPassBelow > 0)
        parts << u"second%1%2"_s.arg(qRound(secondPassBelow * 100)).arg(imageName(secondImage));
    return parts.join(u'-');
}

OcrOptions OcrOptions::fromKey(const QString &key)
{
    OcrOptions o;
    o.secondPassBelow = 0; // a key without "second..." names a single reading
    for (const QString &part : key.split(u'-', Qt::SkipEmptyParts)) {
        if (part == u"width"_s)
            o.scaling = Scaling::Width;
        else if (part.startsWith(u'h') && part.mid(1).toInt() > 0) {
            o.scaling = Scaling::TextHeight;
            o.targetTextHeight = part.mid(1).toInt();
        } else if (part == u"grey"_s)
            o.image = Image::Grey;
        else if (part == u"sauvola"_s)
            o.image = Image::Sauvola;
        else if (part == u"bgnorm"_s)
            o.image = Image::BackgroundNorm;
        else if (part.startsWith(u"psm"_s))
            o.pageSegmentation = part.mid(3).toInt();
        else if (part == u"spaces"_s)
            o.preserveInterwordSpaces = true;
        else if (part.startsWith(u"second"_s)) {
            const QString rest = part.mid(6);
            qsizetype digits = 0;
            while (digits < rest.size() && rest.at(digits).isDigit())
                ++digits;
            o.secondPassBelow = rest.left(digits).toInt() / 100.0;
            const QString kind = rest.mid(digits);
            o.secondImage = kind == u"grey"_s ? Image::Grey
                : kind == u"bgnorm"_s         ? Image::BackgroundNorm
                                              : Image::Sauvola;
        }
    }
    return o;
}

} // namespace ades::extract
