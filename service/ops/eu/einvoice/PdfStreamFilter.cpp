#include "PdfStreamFilter.h"

#include "PdfDecodeBudget.h"
#include "PdfLzwDecoder.h"
#include "PdfPredictor.h"

#include <qpdf/Pl_Flate.hh>
#include <qpdf/Pl_RunLength.hh>
#include <qpdf/QPDF.hh>
#include <stdexcept>

namespace ades::eu {

namespace {

// Charges what passes to the thread's budget, or to its own cap when there is none.
class BudgetMeter final : public Pipeline
{
public:
    explicit BudgetMeter(Pipeline *next)
        : Pipeline("ades-budget", next)
    { }

    void write(unsigned char const *data, size_t len) override
    {
        if (PdfDecodeBudget *budget = PdfDecodeBudget::current()) {
            budget->spend(len);
        } else {
            m_unbudgeted += qint64(len);
            if (m_unbudgeted > PdfStreamFilter::UnbudgetedMaxBytes)
                throw std::length_error("PDF stream decodes beyond the cap");
        }
        getNext()->write(data, len);
    }
    void finish() override { getNext()->finish(); }

private:
    qint64 m_unbudgeted = 0;
};

} // namespace

PdfStreamFilter::PdfStreamFilter(Kind kind)
    : m_kind(kind)
{ }

PdfStreamFilter::~PdfStreamFilter() = default;

bool PdfStreamFilter::setDecodeParms(QPDFObjectHandle decodeParms)
{
    if (m_kind == Kind::RunLength)
        return decodeParms.isNull();
    if (std::optional<QString> problem
        = PdfDecodeParameters::read(decodeParms, m_kind == Kind::Lzw, m_parameters)) {
        if (PdfDecodeBudget *budget = PdfDecodeBudget::current())
            budget->refuse(*problem);
        return false; // qpdf then leaves the stream undecoded
    }
    return true;
}

Pipeline *PdfStreamFilter::getDecodePipeline(Pipeline *next)
{
    // Built from the end: decoder -> meter -> predictor -> next.
    Pipeline *tail = next;
    if (m_kind != Kind::RunLength && m_parameters.usesPredictor()) {
        m_pipelines.push_back(std::make_unique<PdfPredictor>(tail, m_parameters));
        tail = m_pipelines.back().get();
    }
    m_pipelines.push_back(std::make_unique<BudgetMeter>(tail));
    tail = m_pipelines.back().get();
    switch (m_kind) {
    case Kind::Flate:
        m_pipelines.push_back(std::make_unique<Pl_Flate>("ades-inflate", tail, Pl_Flate::a_inflate));
        break;
    case Kind::Lzw:
        m_pipelines.push_back(std::make_unique<PdfLzwDecoder>(tail, m_parameters.earlyChange));
        break;
    case Kind::RunLength:
        m_pipelines.push_back(std::make_unique<Pl_RunLength>("ades-runlength", tail, Pl_RunLength::a_decode));
        break;
    }
    return m_pipelines.back().get();
}

bool PdfStreamFilter::isSpecializedCompression()
{
    return m_kind == Kind::RunLength;
}

void PdfStreamFilter::install()
{
    static const bool installed = [] {
        QPDF::registerStreamFilter(
            "/FlateDecode", [] { return std::make_shared<PdfStreamFilter>(Kind::Flate); });
        QPDF::registerStreamFilter("/LZWDecode", [] { return std::make_shared<PdfStreamFilter>(Kind::Lzw); });
        QPDF::registerStreamFilter(
            "/RunLengthDecode", [] { return std::make_shared<PdfStreamFilter>(Kind::RunLength); });
        return true;
    }();
    Q_UNUSED(installed);
}

} // namespace ades::eu
