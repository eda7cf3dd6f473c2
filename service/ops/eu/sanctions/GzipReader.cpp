#include "GzipReader.h"

#include <array>
#include <cstdint>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

constexpr int kMaxBits = 15;

struct Huffman
{
    std::array<short, kMaxBits + 1> count {};
    std::array<short, 288> symbol {};
};

// A bit reader and inflater after the structure of zlib's contrib/puff (canonical Huffman decoding).
class Inflater
{
public:
    Inflater(const QByteArray &in, qsizetype pos, qsizetype maxOutput)
        : m_in(reinterpret_cast<const uchar *>(in.constData()))
        , m_size(in.size())
        , m_pos(pos)
        , m_maxOutput(maxOutput)
    { }

    // Returns an empty string on success, else the reason.
    QString run()
    {
        bool last = false;
        while (!last) {
            last = bits(1) != 0;
            const int type = bits(2);
            if (m_error)
                return u"the compressed data is truncated"_s;
            QString err;
            if (type == 0)
                err = stored();
            else if (type == 1)
                err = fixed();
            else if (type == 2)
                err = dynamic();
            else
                err = u"invalid DEFLATE block type"_s;
            if (!err.isEmpty())
                return err;
            if (m_error)
                return u"the compressed data is truncated"_s;
        }
        return {};
    }

    QByteArray output() const { return m_out; }
    qsizetype position() const { return m_pos; }

private:
    int bits(int need)
    {
        long val = m_bitBuf;
        while (m_bitCnt < need) {
            if (m_pos >= m_size) {
                m_error = true;
                return 0;
            }
            val |= long(m_in[m_pos++]) << m_bitCnt;
            m_bitCnt += 8;
        }
        m_bitBuf = int(val >> need);
        m_bitCnt -= need;
        return int(val & ((1L << need) - 1));
    }

    QString stored()
    {
        m_bitBuf = 0;
        m_bitCnt = 0;
        if (m_pos + 4 > m_size)
            return u"the compressed data is truncated"_s;
        const unsigned len = m_in[m_pos] | (unsigned(m_in[m_pos + 1]) << 8);
        const unsigned nlen = m_in[m_pos + 2] | (unsigned(m_in[m_pos + 3]) << 8);
        m_pos += 4;
        if (len != (~nlen & 0xffffu))
            return u"corrupt stored DEFLATE block"_s;
        if (m_pos + qsizetype(len) > m_size)
            return u"the compressed data is truncated"_s;
        if (m_out.size() + qsizetype(len) > m_maxOutput)
            return u"the decompressed data exceeds the size limit"_s;
        m_out.append(reinterpret_cast<const char *>(m_in + m_pos), qsizetype(len));
        m_pos += len;
        return {};
    }

    int decode(const Huffman &h)
    {
        int code = 0;
        int first = 0;
        int index = 0;
        for (int len = 1; len <= kMaxBits; ++len) {
            code |= bits(1);
            if (m_error)
                return -1;
            const int count = h.count[len];
            if (code - count < first)
                return h.symbol[index + (code - first)];
            index += count;
            first += count;
            first <<= 1;
            code <<= 1;
        }
        return -1;
    }

    static int construct(Huffman &h, const short *length, int n)
    {
        h.count.fill(0);
        for (int symbol = 0; symbol < n; ++symbol)
            h.count[length[symbol]]++;
        if (h.count[0] == n)
            return 0;
        int left = 1;
        for (int len = 1; len <= kMaxBits; ++len) {
            left <<= 1;
            left -= h.count[len];
            if (left < 0)
                return left;
        }
        std::array<short, kMaxBits + 1> offs {};
        for (int len = 1; len < kMaxBits; ++len)
            offs[len + 1] = short(offs[len] + h.count[len]);
        for (int symbol = 0; symbol < n; ++symbol)
            if (length[symbol] != 0)
                h.symbol[offs[length[symbol]]++] = short(symbol);
        return left;
    }

    QString codes(const Huffman &lencode, const Huffman &distcode)
    {
        static const short lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
            59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
        static const short lext[29]
            = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
        static const short dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
            513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
        static const short dext[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10,
            10, 11, 11, 12, 12, 13, 13 };
        for (;;) {
            int symbol = decode(lencode);
            if (symbol < 0)
                return m_error ? u"the compressed data is truncated"_s : u"invalid Huffman code"_s;
            if (symbol < 256) {
                if (m_out.size() >= m_maxOutput)
                    return u"the decompressed data exceeds the size limit"_s;
                m_out.append(char(symbol));
            } else if (symbol == 256) {
                return {};
            } else {
                symbol -= 257;
                if (symbol >= 29)
                    return u"invalid DEFLATE length code"_s;
                const int len = lbase[symbol] + bits(lext[symbol]);
                const int dsym = decode(distcode);
                if (dsym < 0 || dsym >= 30)
                    return m_error ? u"the compressed data is truncated"_s
                                   : u"invalid DEFLATE distance code"_s;
                const qsizetype dist = dbase[dsym] + bits(dext[dsym]);
                if (m_error)
                    return u"the compressed data is truncated"_s;
                if (dist > m_out.size())
                    return u"DEFLATE distance points before the start of the data"_s;
                if (m_out.size() + len > m_maxOutput)
                    return u"the decompressed data exceeds the size limit"_s;
                const qsizetype start = m_out.size() - dist;
                for (int i = 0; i < len; ++i)
                    m_out.append(m_out.at(start + i));
            }
        }
    }

    QString fixed()
    {
        static Huffman lencode;
        static Huffman distcode;
        static const bool built = [] {
            std::array<short, 288> lengths {};
            int symbol = 0;
            for (; symbol < 144; ++symbol)
                lengths[symbol] = 8;
            for (; symbol < 256; ++symbol)
                lengths[symbol] = 9;
            for (; symbol < 280; ++symbol)
                lengths[symbol] = 7;
            for (; symbol < 288; ++symbol)
                lengths[symbol] = 8;
            construct(lencode, lengths.data(), 288);
            for (symbol = 0; symbol < 30; ++symbol)
                lengths[symbol] = 5;
            construct(distcode, lengths.data(), 30);
            return true;
        }();
        Q_UNUSED(built);
        return codes(lencode, distcode);
    }

    QString dynamic()
    {
        static const short order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
        const int nlen = bits(5) + 257;
        const int ndist = bits(5) + 1;
        const int ncode = bits(4) + 4;
        if (m_error)
            return u"the compressed data is truncated"_s;
        if (nlen > 286 || ndist > 30)
            return u"invalid DEFLATE code lengths"_s;
        std::array<short, 320> lengths {};
        for (int index = 0; index < ncode; ++index)
            lengths[order[index]] = short(bits(3));
        Huffman lencode;
        Huffman distcode;
        if (construct(lencode, lengths.data(), 19) != 0)
            return u"invalid DEFLATE code lengths"_s;
        int index = 0;
        while (index < nlen + ndist) {
            int symbol = decode(lencode);
            if (symbol < 0)
                return m_error ? u"the compressed data is truncated"_s : u"invalid Huffman code"_s;
            if (symbol < 16) {
                lengths[index++] = short(symbol);
            } else {
                short len = 0;
                if (symbol == 16) {
                    if (index == 0)
                        return u"invalid DEFLATE code lengths"_s;
                    len = lengths[index - 1];
                    symbol = 3 + bits(2);
                } else if (symbol == 17) {
                    symbol = 3 + bits(3);
                } else {
                    symbol = 11 + bits(7);
                }
                if (index + symbol > nlen + ndist)
                    return u"invalid DEFLATE code lengths"_s;
                while (symbol--)
                    lengths[index++] = len;
            }
        }
        if (lengths[256] == 0)
            return u"DEFLATE block has no end code"_s;
        const int err = construct(lencode, lengths.data(), nlen);
        if (err < 0 || (err > 0 && nlen - lencode.count[0] != 1))
            return u"invalid DEFLATE literal/length code"_s;
        const int derr = construct(distcode, lengths.data() + nlen, ndist);
        if (derr < 0 || (derr > 0 && ndist - distcode.count[0] != 1))
            return u"invalid DEFLATE distance code"_s;
        return codes(lencode, distcode);
    }

    const uchar *m_in;
    qsizetype m_size;
    qsizetype m_pos;
    qsizetype m_maxOutput;
    int m_bitBuf = 0;
    int m_bitCnt = 0;
    bool m_error = false;
    QByteArray m_out;
};

quint32 crc32(const QByteArray &data)
{
    static const std::array<quint32, 256> table = [] {
        std::array<quint32, 256> t {};
        for (quint32 n = 0; n < 256; ++n) {
            quint32 c = n;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    quint32 c = 0xffffffffu;
    for (const char ch : data)
        c = table[(c ^ uchar(ch)) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

quint32 readLe32(const QByteArray &data, qsizetype pos)
{
    return quint32(uchar(data[pos])) | (quint32(uchar(data[pos + 1])) << 8)
        | (quint32(uchar(data[pos + 2])) << 16) | (quint32(uchar(data[pos + 3])) << 24);
}

ServiceError gzipError(const QString &why)
{
    return ServiceError::unprocessable(
        u"invalid_gzip"_s, u"The gzip data cannot be read: "_s + why, u"file"_s);
}

} // namespace

bool GzipReader::isGzip(const QByteArray &data)
{
    return data.size() >= 2 && uchar(data[0]) == 0x1f && uchar(data[1]) == 0x8b;
}

Result<QByteArray> GzipReader::decompress(const QByteArray &data, qsizetype maxOutput)
{
    if (!isGzip(data))
        return data;
    QByteArray out;
    qsizetype pos = 0;
    // Concatenated gzip members are one stream (RFC 1952 §2.2).
    while (pos < data.size() && isGzip(data.mid(pos, 2))) {
        if (data.size() - pos < 18)
            return gzipError(u"the header is truncated"_s);
        if (uchar(data[pos + 2]) != 8)
            return gzipError(u"unsupported compression method"_s);
        const uchar flags = uchar(data[pos + 3]);
        qsizetype p = pos + 10;
        if (flags & 0x04) {
            if (p + 2 > data.size())
                return gzipError(u"the header is truncated"_s);
            p += 2 + (uchar(data[p]) | (qsizetype(uchar(data[p + 1])) << 8));
        }
        for (const uchar bit : { uchar(0x08), uchar(0x10) }) {
            if (flags & bit) {
                while (p < data.size() && data[p] != '\0')
                    ++p;
                ++p;
            }
        }
        if (flags & 0x02)
            p += 2;
        if (p >= data.size())
            return gzipError(u"the header is truncated"_s);
        Inflater inflater(data, p, maxOutput - out.size());
        const QString err = inflater.run();
        if (!err.isEmpty())
            return gzipError(err);
        p = inflater.position();
        if (p + 8 > data.size())
            return gzipError(u"the trailer is truncated"_s);
        const QByteArray member = inflater.output();
        if (readLe32(data, p) != crc32(member))
            return gzipError(u"CRC-32 mismatch"_s);
        if (readLe32(data, p + 4) != quint32(member.size()))
            return gzipError(u"length mismatch"_s);
        out.append(member);
        pos = p + 8;
    }
    return out;
}

} // namespace ades::eu
