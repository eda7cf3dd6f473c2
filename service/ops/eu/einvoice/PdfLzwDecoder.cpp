#include "PdfLzwDecoder.h"

#include <stdexcept>

namespace ades::eu {

namespace {

constexpr unsigned ClearTable = 256;
constexpr unsigned EndOfData = 257;
constexpr unsigned FirstEntry = 258;
constexpr unsigned MaxCodes = 4096; // 12-bit codes

} // namespace

PdfLzwDecoder::PdfLzwDecoder(Pipeline *next, bool earlyChange)
    : Pipeline("ades-lzw", next)
    , m_earlyChange(earlyChange)
{
    m_table.reserve(MaxCodes - FirstEntry);
}

void PdfLzwDecoder::write(unsigned char const *data, size_t len)
{
    for (size_t i = 0; i < len && !m_ended; ++i) {
        m_bits = (m_bits << 8) | data[i];
        m_bitCount += 8;
        while (m_bitCount >= m_codeBits && !m_ended) {
            m_bitCount -= m_codeBits;
            const unsigned code = (m_bits >> m_bitCount) & ((1U << m_codeBits) - 1U);
            m_bits &= (1U << m_bitCount) - 1U;
            handleCode(code);
        }
    }
}

void PdfLzwDecoder::finish()
{
    getNext()->finish();
}

unsigned char PdfLzwDecoder::firstByteOf(unsigned code) const
{
    return code < ClearTable ? static_cast<unsigned char>(code) : m_table[code - FirstEntry].first;
}

void PdfLzwDecoder::handleCode(unsigned code)
{
    if (code == ClearTable) {
        m_table.clear();
        m_codeBits = 9;
        m_lastCode = ClearTable;
        return;
    }
    if (code == EndOfData) {
        m_ended = true;
        return;
    }
    const size_t entries = m_table.size();
    if (code >= FirstEntry && code - FirstEntry > entries)
        throw std::runtime_error("LZW data refers to a code not yet defined");
    if (m_lastCode != ClearTable) {
        // The entry the encoder made after the last code: that string plus the first byte of this one, which
        // for the entry being defined right now (code == next entry) is the last string's first byte.
        if (FirstEntry + entries >= MaxCodes)
            throw std::runtime_error("LZW table full without a clear code");
        const unsigned char next = code >= FirstEntry && code - FirstEntry == entries
            ? firstByteOf(m_lastCode)
            : firstByteOf(code);
        Entry entry;
        entry.prefix = static_cast<std::uint16_t>(m_lastCode);
        entry.last = next;
        entry.first = firstByteOf(m_lastCode);
        entry.length = static_cast<std::uint16_t>(
            (m_lastCode < ClearTable ? 1 : m_table[m_lastCode - FirstEntry].length) + 1);
        m_table.push_back(entry);
        const unsigned widenAt = unsigned(FirstEntry + entries) + (m_earlyChange ? 1 : 0);
        if (widenAt == 511 || widenAt == 1023 || widenAt == 2047)
            ++m_codeBits;
    }
    emit(code);
    m_lastCode = code;
}

void PdfLzwDecoder::emit(unsigned code)
{
    if (code < ClearTable) {
        const auto byte = static_cast<unsigned char>(code);
        getNext()->write(&byte, 1);
        return;
    }
    if (code - FirstEntry >= m_table.size())
        throw std::runtime_error("LZW data refers to a code not yet defined");
    // Walk the prefixes back to a single byte, filling the string from its end.
    size_t at = m_table[code - FirstEntry].length;
    const size_t length = at;
    unsigned current = code;
    while (current >= FirstEntry) {
        const Entry &entry = m_table[current - FirstEntry];
        m_scratch[--at] = entry.last;
        current = entry.prefix;
    }
    m_scratch[--at] = static_cast<unsigned char>(current);
    getNext()->write(m_scratch.data(), length);
}

} // namespace ades::eu
