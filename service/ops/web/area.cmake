# The web reader's fetcher (fetch/BodyInflater.cpp) inflates gzip and deflate bodies with zlib itself, so it
# can stop at the decompression cap.
target_link_libraries(ades_area_web PRIVATE ZLIB::ZLIB)
