#include "PdfDecodeBudget.h"

#include <stdexcept>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

thread_local PdfDecodeBudget *currentBudget = nullptr;

} // namespace

PdfDecodeBudget::PdfDecodeBudget(qint64 maxDecodedBytes)
    : m_outer(currentBudget)
    , m_max(maxDecodedBytes)
    , m_stream(u"a cross-reference or object stream"_s)
{
    currentBudget = this;
}

PdfDecodeBudget::~PdfDecodeBudget()
{
    currentBudget = m_outer;
}

PdfDecodeBudget *PdfDecodeBudget::current()
{
    return currentBudget;
}

void PdfDecodeBudget::setStream(const QString &description)
{
    m_stream = description;
}

void PdfDecodeBudget::spend(size_t bytes)
{
    m_spent += qint64(bytes);
    if (m_spent <= m_max)
        return;
    if (!m_exceeded) {
        m_exceeded = true;
        m_exceededStream = m_stream;
    }
    throw std::length_error("PDF decode budget exceeded");
}

void PdfDecodeBudget::refuse(const QString &reason)
{
    if (!m_refusal.isEmpty())
        return;
    m_refusal = u"in "_s + m_stream + u", "_s + reason;
}

} // namespace ades::eu
