#pragma once

#include <array>
#include <cstdint>
#include <qpdf/Pipeline.hh>
#include <vector>

namespace ades::eu {

// /LZWDecode (ISO 32000-1 §7.4.4.2): 9- to 12-bit codes, 256 clears the table, 257 ends the data, and
// /EarlyChange 1 widens the codes one entry early. Decodes as qpdf 11.3 does; bad codes throw (qpdf turns
// that into a failed decode). Memory is fixed: the table holds each entry as its prefix code and last byte,
// never as a string, so no code sequence can make it grow beyond 4,096 small entries.
class PdfLzwDecoder final : public Pipeline
{
public:
    // `next` is not owned.
    PdfLzwDecoder(Pipeline *next, bool earlyChange);

    void write(unsigned char const *data, size_t len) override;
    void finish() override;

private:
    struct Entry
    {
        std::uint16_t prefix = 0; // the code this entry extends (a byte below 256)
        std::uint16_t length = 0;
        unsigned char last = 0;
        unsigned char first = 0;
    };

    void handleCode(unsigned code);
    unsigned char firstByteOf(unsigned code) const;
    void emit(unsigned code);

    bool m_earlyChange;
    int m_codeBits = 9;
    unsigned m_lastCode = 256;
    bool m_ended = false;
    std::uint32_t m_bits = 0;
    int m_bitCount = 0;
    std::vector<Entry> m_table; // codes 258 and up
    std::array<unsigned char, 4096> m_scratch {};
};

} // namespace ades::eu
