#include "AbiReader.h"

#include <QStringDecoder>

namespace ades::chain {

AbiReader::AbiReader(QByteArray data)
    : m_data(std::move(data))
{ }

std::optional<QByteArray> AbiReader::word(qsizetype index) const
{
    if (index < 0 || index > (m_data.size() / 32) - 1)
        return std::nullopt;
    return m_data.mid(index * 32, 32);
}

std::optional<Uint256> AbiReader::uint(qsizetype index) const
{
    const auto w = word(index);
    return w ? Uint256::fromWord(*w) : std::nullopt;
}

std::optional<QByteArray> AbiReader::dynamicBytes(qsizetype index) const
{
    const auto offsetWord = uint(index);
    const auto offset = offsetWord ? offsetWord->toUint64() : std::nullopt;
    if (!offset || *offset % 32 != 0 || *offset + 32 > quint64(m_data.size()))
        return std::nullopt;
    const auto length = Uint256::fromWord(m_data.mid(qsizetype(*offset), 32))->toUint64();
    if (!length || *length > quint64(m_data.size()) - *offset - 32)
        return std::nullopt;
    return m_data.mid(qsizetype(*offset) + 32, qsizetype(*length));
}

std::optional<QString> AbiReader::string(qsizetype index) const
{
    const auto bytes = dynamicBytes(index);
    return bytes ? readableText(*bytes) : std::nullopt;
}

std::optional<QString> readableText(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(bytes);
    if (decoder.hasError())
        return std::nullopt;
    for (QChar c : text) {
        if (c.category() == QChar::Other_Control)
            return std::nullopt;
    }
    return text;
}

} // namespace ades::chain
