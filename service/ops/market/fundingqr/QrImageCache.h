#pragma once

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QString>
#include <optional>

namespace ades::market {

// A QR code as an answer carries it: the symbol's version and size, and its PNG in base64.
struct QrImage
{
    int version = 0;
    int modules = 0; // per side
    QString pngBase64;

    // Encodes `text` (QrCode) and draws its PNG; nullopt when it does not fit a QR code.
    static std::optional<QrImage> of(const QByteArray &text);
};

// The QR images of the last few EIP-681 links, so that the same funding request asked again (a wallet's
// "top up 20 USDC" button, a page reloaded) is not encoded again: libqrencode's mask selection is most of
// an answer's cost (BenchMarketFundingQr). Least recently used first out; an image is a pure function of its
// link, so a kept one never goes stale. Onramp links are not kept: their token is single use. Thread-safe:
// answers are drawn on the thread pool.
class QrImageCache
{
public:
    explicit QrImageCache(qsizetype capacity = 32);

    // The image of `link`, kept or made now (and then kept); nullopt when it does not fit a QR code.
    std::optional<QrImage> imageOf(const QString &link);
    bool contains(const QString &link) const;
    qsizetype size() const;

private:
    struct Entry
    {
        QString link;
        QrImage image;
    };
    const qsizetype m_capacity;
    mutable QMutex m_mutex;
    QList<Entry> m_entries; // most recently used first
};

} // namespace ades::market
