#include "PdfPredictor.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace ades::eu {

namespace {

// PNG's Paeth function (RFC 2083 §6.6): the neighbour closest to left + up - upper left.
int paeth(int left, int up, int upperLeft)
{
    const int estimate = left + up - upperLeft;
    const int toLeft = std::abs(estimate - left);
    const int toUp = std::abs(estimate - up);
    const int toUpperLeft = std::abs(estimate - upperLeft);
    if (toLeft <= toUp && toLeft <= toUpperLeft)
        return left;
    return toUp <= toUpperLeft ? up : upperLeft;
}

// Sample `index` of `bits` bits (1..16), most significant bit first, as TIFF packs them.
unsigned sampleAt(const unsigned char *row, size_t index, int bits)
{
    unsigned value = 0;
    size_t bit = index * size_t(bits);
    for (int i = 0; i < bits; ++i, ++bit)
        value = (value << 1) | ((row[bit / 8] >> (7 - bit % 8)) & 1U);
    return value;
}

void setSampleAt(unsigned char *row, size_t index, int bits, unsigned value)
{
    size_t bit = index * size_t(bits) + size_t(bits);
    for (int i = 0; i < bits; ++i, value >>= 1) {
        --bit;
        const auto mask = static_cast<unsigned char>(1U << (7 - bit % 8));
        row[bit / 8]
            = static_cast<unsigned char>((value & 1U) ? (row[bit / 8] | mask) : (row[bit / 8] & ~mask));
    }
}

} // namespace

PdfPredictor::PdfPredictor(Pipeline *next, const PdfDecodeParameters &parameters)
    : Pipeline("ades-predictor", next)
    , m_parameters(parameters)
    , m_rowBytes(size_t(parameters.rowBytes()))
    , m_pixelBytes(size_t(parameters.bytesPerPixel()))
    , m_inputRow(parameters.predictor >= 10 ? m_rowBytes + 1 : m_rowBytes)
    , m_row(m_inputRow, 0)
    , m_previous(m_rowBytes, 0)
{ }

void PdfPredictor::write(unsigned char const *data, size_t len)
{
    while (len > 0) {
        const size_t take = std::min(len, m_inputRow - m_filled);
        std::memcpy(m_row.data() + m_filled, data, take);
        m_filled += take;
        data += take;
        len -= take;
        if (m_filled < m_inputRow)
            return;
        if (m_parameters.predictor >= 10)
            decodePngRow();
        else
            decodeTiffRow();
        std::fill(m_row.begin(), m_row.end(), 0);
        m_filled = 0;
    }
}

void PdfPredictor::finish()
{
    // A partial last row is decoded as if padded with zeros, as qpdf does.
    if (m_filled > 0) {
        if (m_parameters.predictor >= 10)
            decodePngRow();
        else
            decodeTiffRow();
        std::fill(m_row.begin(), m_row.end(), 0);
        m_filled = 0;
    }
    std::fill(m_previous.begin(), m_previous.end(), 0);
    getNext()->finish();
}

void PdfPredictor::decodePngRow()
{
    const unsigned char tag = m_row[0];
    unsigned char *row = m_row.data() + 1;
    const unsigned char *up = m_previous.data();
    for (size_t i = 0; i < m_rowBytes; ++i) {
        const int left = i >= m_pixelBytes ? row[i - m_pixelBytes] : 0;
        const int upperLeft = i >= m_pixelBytes ? up[i - m_pixelBytes] : 0;
        int add = 0;
        switch (tag) {
        case 1: // Sub
            add = left;
            break;
        case 2: // Up
            add = up[i];
            break;
        case 3: // Average
            add = (left + up[i]) / 2;
            break;
        case 4: // Paeth
            add = paeth(left, up[i], upperLeft);
            break;
        default: // 0 (None), and unknown tags as qpdf reads them
            break;
        }
        row[i] = static_cast<unsigned char>(row[i] + add);
    }
    std::memcpy(m_previous.data(), row, m_rowBytes);
    getNext()->write(row, m_rowBytes);
}

void PdfPredictor::decodeTiffRow()
{
    // Each sample adds the same component of the pixel to its left, modulo 2^BitsPerComponent.
    const int bits = m_parameters.bitsPerComponent;
    const size_t colors = size_t(m_parameters.colors);
    const size_t samples = size_t(m_parameters.columns) * colors;
    const unsigned mask = (1U << bits) - 1U;
    unsigned char *row = m_row.data();
    if (bits == 8) {
        for (size_t i = colors; i < samples; ++i)
            row[i] = static_cast<unsigned char>(row[i] + row[i - colors]);
    } else {
        for (size_t i = colors; i < samples; ++i)
            setSampleAt(row, i, bits, (sampleAt(row, i, bits) + sampleAt(row, i - colors, bits)) & mask);
    }
    getNext()->write(row, m_rowBytes);
}

} // namespace ades::eu
