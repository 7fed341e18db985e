// Lottie animations drawn by Flipbook's Core Animation as lottie-ios's Core Animation engine draws them.
