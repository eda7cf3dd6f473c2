#pragma once

#include "PdfDecodeParameters.h"

#include <qpdf/Pipeline.hh>
#include <vector>

namespace ades::eu {

// Undoes a PNG (10..15) or TIFF (2) predictor row by row (ISO 32000-1 §7.4.4.4), the way qpdf 11.3 does: an
// unknown PNG tag leaves its row as it is, and a last partial row is completed with zeros. Holds two rows,
// sized from parameters PdfDecodeParameters::read() accepted, never from the data.
class PdfPredictor final : public Pipeline
{
public:
    // `next` is not owned; `parameters.usesPredictor()` must be true.
    PdfPredictor(Pipeline *next, const PdfDecodeParameters &parameters);

    void write(unsigned char const *data, size_t len) override;
    void finish() override;

private:
    void decodePngRow();
    void decodeTiffRow();

    PdfDecodeParameters m_parameters;
    size_t m_rowBytes;
    size_t m_pixelBytes;
    size_t m_inputRow; // bytes of one encoded row: PNG adds its tag byte
    std::vector<unsigned char> m_row; // the row being filled, PNG tag first
    std::vector<unsigned char> m_previous; // the previous decoded row (PNG), zeros before the first
    size_t m_filled = 0;
};

} // namespace ades::eu
